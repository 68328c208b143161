import { atom, useAtom } from 'jotai';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import { useAsOf, withAsOfParam } from '../scholarship/as-of';
import type { SectionBook } from './api';
import { textSizeAtom, TEXT_SIZES, textSizeLabels, isTextSize } from './preferences';
import { sectionPath, type SectionAddress } from './reading';
import './reader-bar.css';
import { InScript } from './in-script';

/** Whether the phone's settings sheet is open; an atom, so it stays open while another edition loads. */
const settingsOpenAtom = atom(false);

function neighbourPaths(address: SectionAddress, data: SectionBook, asOf: string | null) {
  const path = (ref: SectionBook['previous']) => (ref === null ? null : withAsOfParam(sectionPath({ ...ref, edition: address.edition }), asOf));
  return { previous: path(data.previous), next: path(data.next) };
}

/** The settings sheet's element id (one reader on a page). */
const SHEET_ID = 'reader-settings';

/**
 * On a phone, the bar that stays at the top of the reading while scrolling: previous, the
 * section's title, next, and "Settings", which opens the reading controls as a sheet.
 * (A child of the whole article, so it can stick for all of it.)
 */
export function ReaderBar({ address, data }: { address: SectionAddress; data: SectionBook }) {
  const [open, setOpen] = useAtom(settingsOpenAtom);
  const asOf = useAsOf();
  const { previous, next } = neighbourPaths(address, data, asOf);
  const section = data.customSection[0];
  return (
    <div className="reader-bar">
      <BarLink href={previous} label="Previous section" glyph="‹" />
      <p className="reader-bar-title">
        {section && (
          <>
            <span className="srn">{section.srn}</span> <InScript text={section.SectionName} />
          </>
        )}
      </p>
      <BarLink href={next} label="Next section" glyph="›" />
      <button id={`${SHEET_ID}-button`} type="button" className="button reader-bar-settings" aria-expanded={open} aria-controls={SHEET_ID} onClick={() => setOpen(!open)}>
        Settings
      </button>
    </div>
  );
}

/** The reading controls: standing open above the verse on wide screens, a sheet opened from the bar on a phone. */
export function ReaderSettings({ children }: { children: ReactNode }) {
  const [open, setOpen] = useAtom(settingsOpenAtom);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const close = () => {
    setOpen(false);
    document.getElementById(`${SHEET_ID}-button`)?.focus();
  };

  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [open]);

  // Open, it is a modal sheet: Tab stays inside, Escape closes it (after any menu open inside it).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === 'Escape' && event.currentTarget.querySelector('[aria-expanded="true"]') === null) {
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      keepFocusWithin(event.currentTarget, event);
    }
  };

  return (
    <>
      {open && <div className="reader-settings-backdrop" aria-hidden="true" onClick={close} />}
      <div
        id={SHEET_ID}
        className={open ? 'reader-settings is-open' : 'reader-settings'}
        role={open ? 'dialog' : 'region'}
        aria-modal={open || undefined}
        aria-labelledby={headingId}
        onKeyDown={onKeyDown}
      >
        <div className="reader-settings-head">
          <h2 id={headingId} ref={headingRef} tabIndex={-1}>
            Reading settings
          </h2>
          <button type="button" className="button" onClick={close}>
            Done
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
