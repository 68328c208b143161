import { atom, useAtom } from 'jotai';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Link, useLocation } from 'wouter';
import { usePageBarSlot } from '../ui/page-bar';
import { useAsOf, withAsOfParam } from './scholarship/as-of';
import type { SectionBook } from './api';
import { settingsPanelShownAtom, textSizeAtom, TEXT_SIZES, textSizeLabels, isTextSize } from './preferences';
import { sectionPath, type SectionAddress } from '../ui/poem-address';
import './reader-bar.css';
import { InScript } from './in-script';
import { useMediaQuery } from '../ui/use-media-query';

/**
 * From this width the reading settings stand beside the text, as a side panel a reader may fold
 * away; below it they open from the bar as a sheet (reader-bar.css uses the same width).
 */
const SIDE_PANEL_QUERY = '(min-width: 72rem)';

/** Whether the sheet is open; an atom, so it stays open while another edition loads. */
const sheetOpenAtom = atom(false);

export interface SettingsPanel {
  /** `side`: beside the text, not modal; `sheet`: a modal sheet over it. */
  readonly mode: 'side' | 'sheet';
  readonly open: boolean;
  setOpen(open: boolean): void;
}

/** The reading settings' place on this screen, and whether they show. */
export function useSettingsPanel(): SettingsPanel {
  // On the server, as beside the text: below the query's width the stylesheet hides the settings and
  // lays the verse out alone anyway, so the page looks the same on a phone before and after hydration.
  const side = useMediaQuery(SIDE_PANEL_QUERY, true);
  const [sheetOpen, setSheetOpen] = useAtom(sheetOpenAtom);
  const [panelShown, setPanelShown] = useAtom(settingsPanelShownAtom);
  return side ? { mode: 'side', open: panelShown, setOpen: setPanelShown } : { mode: 'sheet', open: sheetOpen, setOpen: setSheetOpen };
}

function neighbourPaths(address: SectionAddress, data: SectionBook, asOf: string | null) {
  const path = (ref: SectionBook['previous']) => (ref === null ? null : withAsOfParam(sectionPath({ ...ref, edition: address.edition }), asOf));
  return { previous: path(data.previous), next: path(data.next) };
}

/** The settings' element id (one reader on a page). */
const SHEET_ID = 'reader-settings';
const BUTTON_ID = `${SHEET_ID}-button`;

/**
 * The reader's one slim bar, pinned in the site's header (on a phone, in the navigation's own row):
 * previous, where the reader is, next, and "Settings", which shows or hides the reading settings.
 * `data` is undefined while the section loads: the bar keeps its place, so nothing above the verse moves.
 */
export function ReaderBar({ address, data }: { address: SectionAddress; data: SectionBook | undefined }) {
  const slot = usePageBarSlot();
  const { open, setOpen } = useSettingsPanel();
  const asOf = useAsOf();
  if (slot === null) return null;
  const { previous, next } = data === undefined ? { previous: null, next: null } : neighbourPaths(address, data, asOf);
  const section = data?.customSection[0];
  return createPortal(
    <div className="reader-bar">
      <BarLink href={previous} label="Previous section" glyph="‹" />
      {/* a section without a name keeps its book and canto beside its number, even on a phone */}
      <p className={section !== undefined && section.SectionName.trim() === '' ? 'reader-bar-title is-unnamed' : 'reader-bar-title'}>
        {data !== undefined && (
          <span className="reader-bar-where">
            Book {data.bookNumber} · Canto {data.cantoNumber} ·{' '}
          </span>
        )}
        {section && (
          <>
            <span className="srn">{section.srn}</span> <InScript text={section.SectionName} />
          </>
        )}
      </p>
      <BarLink href={next} label="Next section" glyph="›" />
      {data === undefined ? (
        <span className="reader-bar-settings" aria-hidden="true" />
      ) : (
        <button
          id={BUTTON_ID}
          type="button"
          className="button reader-bar-settings"
          aria-expanded={open}
          aria-controls={SHEET_ID}
          onClick={() => setOpen(!open)}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" width="18" height="18" focusable="false">
            <path d="M2 4h7M13 4h1M2 8h2M8 8h6M2 12h9M13 12h1" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            <circle cx="11" cy="4" r="1.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
            <circle cx="6" cy="8" r="1.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
            <circle cx="12" cy="12" r="1.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
          </svg>
          <span className="reader-bar-settings-label">Settings</span>
        </button>
      )}
    </div>,
    slot,
  );
}

/**
 * The reading settings: beside the text on a wide screen (a region, shown until the reader hides
 * it), else a modal sheet opened from the bar (Tab stays inside, Escape closes it).
 */
export function ReaderSettings({ children }: { children: ReactNode }) {
  const { mode, open, setOpen } = useSettingsPanel();
  const modal = mode === 'sheet' && open;
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const close = () => {
    setOpen(false);
    document.getElementById(BUTTON_ID)?.focus();
  };

  // Opened from the bar (a sheet, or the side panel shown again): the reader goes to it, not through the verse first.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) headingRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!modal) return;
    // a dialog opened from the sheet (PDF) keeps its own keys
    if (event.target instanceof Element && event.target.closest('dialog') !== null) return;
    if (event.key === 'Escape' && event.currentTarget.querySelector('[aria-expanded="true"]') === null) {
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      keepFocusWithin(event.currentTarget, event);
    }
  };

  return (
    <>
      {modal && <div className="reader-settings-backdrop" aria-hidden="true" onClick={close} />}
      <div
        id={SHEET_ID}
        className={modal ? 'reader-settings is-open' : 'reader-settings'}
        role={modal ? 'dialog' : 'region'}
        aria-modal={modal || undefined}
        aria-labelledby={headingId}
        hidden={mode === 'side' && !open}
        onKeyDown={onKeyDown}
      >
        <div className="reader-settings-head">
          <h2 id={headingId} ref={headingRef} tabIndex={-1}>
            Reading settings
          </h2>
          <button type="button" className="button" onClick={close}>
            {mode === 'side' ? 'Hide' : 'Done'}
          </button>
        </div>
        {children}
      </div>
    </>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function keepFocusWithin(container: HTMLElement, event: KeyboardEvent<HTMLElement>) {
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

function BarLink({ href, label, glyph }: { href: string | null; label: string; glyph: string }) {
  if (href === null) return <span className="reader-bar-step" aria-hidden="true" />;
  return (
    <Link href={href} className="reader-bar-step" aria-label={label} title={label}>
      <span aria-hidden="true">{glyph}</span>
    </Link>
  );
}

/** The verse's size, kept across visits. */
export function TextSizeControl() {
  const [size, setSize] = useAtom(textSizeAtom);
  const id = useId();
  return (
    <div className="control text-size">
      <label htmlFor={id}>Text size</label>
      <select id={id} className="input select" value={size} onChange={(e) => isTextSize(e.target.value) && setSize(e.target.value)}>
        {TEXT_SIZES.map((value) => (
          <option key={value} value={value}>
            {textSizeLabels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A swipe across the verse goes to the previous (rightwards) or next (leftwards) section. */
export function useSectionSwipe(target: RefObject<HTMLElement | null>, address: SectionAddress, data: SectionBook) {
  const [, navigate] = useLocation();
  const asOf = useAsOf();
  const { previous, next } = neighbourPaths(address, data, asOf);
  useEffect(() => {
    const element = target.current;
    if (element === null) return;
    let start: { x: number; y: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      const interactive = (event.target as Element).closest('input, select, textarea, button, [role="dialog"]');
      start = event.touches.length === 1 && touch && interactive === null ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (start === null || !touch) return;
      const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
      start = null;
      if (window.getSelection()?.isCollapsed === false) return; // selecting words, not turning the page
      const to = direction === 'right' ? previous : direction === 'left' ? next : null;
      if (to !== null) navigate(to);
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchend', onEnd);
    };
  }, [target, previous, next, navigate]);
}

/** A deliberate sideways stroke: far enough, and much more across than down. */
export function swipeDirection(dx: number, dy: number): 'left' | 'right' | null {
  if (Math.abs(dx) < 80 || Math.abs(dx) < 2 * Math.abs(dy)) return null;
  return dx < 0 ? 'left' : 'right';
}
