import { useAtom } from 'jotai';
import { useId } from 'react';
import { useMenuDisclosure } from '../ui/use-dismiss';
import { Link, useLocation } from 'wouter';
import { useAsOf, withAsOfParam } from './scholarship/as-of';
import { AsOfControl } from './scholarship/as-of-control';
import { comparePath } from './scholarship/compare';
import { useToast } from '../ui/toast';
import { shownLayersAtom } from './atoms';
import { useTickedLanguages } from './address-languages';
import {
  chooseEdition,
  chooseLanguage,
  EDITIONS,
  editionLabels,
  enabledCheckboxes,
  enabledLanguages,
  isEdition,
  langLabels,
  LANGS,
  noticeMs,
  toggleKey,
  translatorNotice,
  studyLayersLabel,
  type Lang,
} from './reading';
import { sectionPath, withEdition, type SectionAddress } from '../ui/poem-address';
import type { StudyLayer } from './study-layers';
import { TextSizeControl } from './reader-bar';

/** Edition dropdown, translation checkboxes and the "Works on …" dropdown (spec sections 2 and 4). */
export function ReaderControls({ address, options, layersMenuLabel }: { address: SectionAddress; options: readonly StudyLayer[]; layersMenuLabel: string }) {
  const [, navigate] = useLocation();
  const [languages, setLanguages] = useTickedLanguages();
  const toast = useToast();
  const editionId = useId();
  const shown = enabledLanguages(address.edition);
  const usable = enabledCheckboxes(languages, address.edition);
  const asOf = useAsOf();
  const here = sectionPath(address);
  const compareWith = address.edition === 'first' ? 'revised' : address.edition;

  // another edition keeps the "read as of" date
  const goTo = (edition: (typeof EDITIONS)[number]) => {
    if (edition !== address.edition) navigate(withAsOfParam(sectionPath(withEdition(address, edition)), asOf));
  };

  const onEdition = (value: string) => {
    if (!isEdition(value)) return;
    const choice = chooseEdition(languages, value);
    setLanguages(choice.languages);
    goTo(choice.edition);
  };

  const onLanguage = (lang: Lang, on: boolean) => {
    const choice = chooseLanguage(languages, address.edition, lang, on);
    setLanguages(choice.languages);
    goTo(choice.edition);
    if (on) toast(translatorNotice(lang), 'info', noticeMs(lang));
  };

  return (
    <div className="reader-controls">
      <div className="control">
        <label htmlFor={editionId}>Edition</label>
        <select id={editionId} className="input select" value={address.edition} onChange={(e) => onEdition(e.target.value)}>
          {EDITIONS.map((edition) => (
            <option key={edition} value={edition}>
              {editionLabels[edition]}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="control translations">
        <legend>Translations</legend>
        <div className="translation-boxes">
          {LANGS.map((lang) => (
            <label key={lang} className="checkbox-field compact">
              <input
                type="checkbox"
                name="translation"
                value={lang}
                checked={languages.includes(lang) && shown.includes(lang)}
                disabled={!usable.includes(lang)}
                onChange={(e) => onLanguage(lang, e.target.checked)}
              />
              {langLabels[lang]}
            </label>
          ))}
        </div>
      </fieldset>
      <StudyLayersMenu options={options} defaultLabel={layersMenuLabel} />
      <AsOfControl path={here} />
      <TextSizeControl />
      <Link className="compare-link" href={comparePath({ ...address, a: 'first', b: compareWith })}>
        Compare editions
      </Link>
    </div>
  );
}

/**
 * The "Works on {poem}" dropdown: a disclosure button whose label follows the spec's
 * rule, opening a group of checkboxes (one per layer, Reason and IPA).
 * Escape or a click outside closes it.
 */
function StudyLayersMenu({ options, defaultLabel }: { options: readonly StudyLayer[]; defaultLabel: string }) {
  const [on, setOn] = useAtom(shownLayersAtom);
  const { open, setOpen, rootRef, buttonRef } = useMenuDisclosure<HTMLDivElement>();
  const panelId = useId();
  const label = studyLayersLabel(options, on, defaultLabel);

  return (
    <div className="control works-on" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button works-on-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <span aria-hidden="true" className="caret">
          ▾
        </span>
      </button>
      <fieldset id={panelId} className="works-on-panel" hidden={!open}>
        <legend className="visually-hidden">{defaultLabel}</legend>
        {options.map((option) => (
          <label key={option.key} className="checkbox-field compact">
            <input type="checkbox" checked={on.includes(option.key)} onChange={(e) => setOn(toggleKey(on, option.key, e.target.checked))} />
            <span>
              {option.label}
              {option.author !== undefined && <span className="muted"> · {option.author}</span>}
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
