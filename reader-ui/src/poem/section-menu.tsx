import { useAtomValue } from 'jotai';
import { useId } from 'react';
import { Link, useLocation } from 'wouter';
import type { SectionBook } from './api';
import { contentsAtom } from './atoms';
import { numbers } from './contents';
import { sectionPath, type SectionAddress } from '../ui/poem-address';
import { useAsOf, withAsOfParam } from './scholarship/as-of';
import { InScript } from './in-script';

/**
 * Book → canto → section menu. Books and cantos are those known so far (see
 * contents.ts); choosing one goes to its first section. Sections are links, so
 * choosing one changes the address without a reload.
 *
 * Names can be long (some editions name a canto in ~200 characters): the selects
 * shrink to the reading column and cut their text (poem.css), so each select and
 * option carries its full label as a title, and the book line above shows the
 * current book and canto in full.
 */
export function SectionMenu({ address, data }: { address: SectionAddress; data: SectionBook }) {
  const contents = useAtomValue(contentsAtom);
  const [, navigate] = useLocation();
  const bookId = useId();
  const cantoId = useId();
  const book = contents[address.book];
  const asOf = useAsOf();
  const bookLabel = (n: number) => (contents[n]?.name ? `Book ${n}: ${contents[n]?.name}` : `Book ${n}`);
  const cantoLabel = (n: number) => {
    const name = book?.cantos[n]?.name;
    return name ? `Canto ${n}: ${name}` : `Canto ${n}`;
  };
  const go = (b: number, c: number) => navigate(withAsOfParam(sectionPath({ book: b, canto: c, section: 1, edition: address.edition }), asOf));

  return (
    <nav className="section-menu" aria-label="Books, cantos and sections">
      <div className="control">
        <label htmlFor={bookId}>Book</label>
        <select
          id={bookId}
          className="input select"
          value={address.book}
          title={bookLabel(address.book)}
          onChange={(e) => {
            const b = Number(e.target.value);
            go(b, numbers(contents[b]?.cantos ?? {})[0] ?? 1);
          }}
        >
          {numbers(contents).map((n) => (
            <option key={n} value={n} title={bookLabel(n)}>
              {bookLabel(n)}
            </option>
          ))}
        </select>
      </div>
      <div className="control">
        <label htmlFor={cantoId}>Canto</label>
        <select
          id={cantoId}
          className="input select"
          value={address.canto}
          title={cantoLabel(address.canto)}
          onChange={(e) => go(address.book, Number(e.target.value))}
        >
          {numbers(book?.cantos ?? {}).map((n) => (
            <option key={n} value={n} title={cantoLabel(n)}>
              {cantoLabel(n)}
            </option>
          ))}
        </select>
      </div>
      <ol className="section-list" aria-label="Sections">
        {data.sections.map((s) => {
          const current = s.SectionNumber === address.section;
          return (
            <li key={s.SectionNumber}>
              <Link href={withAsOfParam(sectionPath({ ...address, section: s.SectionNumber }), asOf)} aria-current={current ? 'page' : undefined}>
                <span className="srn">{s.srn}</span> <InScript text={s.SectionName} />
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Previous and next section links (they may cross into another canto or book). */
export function SectionPager({ address, data }: { address: SectionAddress; data: SectionBook }) {
  const asOf = useAsOf();
  const link = (ref: SectionBook['previous']) => (ref === null ? null : withAsOfParam(sectionPath({ ...ref, edition: address.edition }), asOf));
  const previous = link(data.previous);
  const next = link(data.next);
  return (
    <nav className="section-pager" aria-label="Previous and next section">
      {previous !== null ? (
        <Link href={previous} rel="prev">
          ← Previous section
        </Link>
      ) : (
        <span />
      )}
      {next !== null && (
        <Link href={next} rel="next">
          Next section →
        </Link>
      )}
    </nav>
  );
}

/**
 * The contents as plain links, for a reader without JavaScript (issue 37: the page came rendered
 * from the server, and the menu's selects and the settings sheet need the app): the books, the
 * cantos of this book, the sections of this canto.
 */
export function NoScriptContents({ address, data }: { address: SectionAddress; data: SectionBook }) {
  const contents = useAtomValue(contentsAtom);
  const at = (book: number, canto: number, section = 1) => sectionPath({ book, canto, section, edition: address.edition });
  const cantos = contents[address.book]?.cantos ?? {};
  return (
    <noscript>
      <nav className="noscript-contents" aria-label="Contents">
        <h2>Contents</h2>
        <ol>
          {numbers(contents).map((book) => (
            <li key={book}>
              <a href={at(book, book === address.book ? (numbers(cantos)[0] ?? 1) : 1)} aria-current={book === address.book ? 'true' : undefined}>
                Book {book}: <InScript text={contents[book]?.name ?? ''} />
              </a>
              {book === address.book && (
                <ol>
                  {numbers(cantos).map((canto) => (
                    <li key={canto}>
                      <a href={at(book, canto)} aria-current={canto === address.canto ? 'true' : undefined}>
                        Canto {canto}: <InScript text={cantos[canto]?.name ?? ''} />
                      </a>
                      {canto === address.canto && (
                        <ol>
                          {data.sections.map((s) => (
                            <li key={s.SectionNumber}>
                              <a href={at(book, canto, s.SectionNumber)} aria-current={s.SectionNumber === address.section ? 'page' : undefined}>
                                <span className="srn">{s.srn}</span> <InScript text={s.SectionName} />
                              </a>
                            </li>
                          ))}
                        </ol>
                      )}
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ol>
      </nav>
    </noscript>
  );
}
