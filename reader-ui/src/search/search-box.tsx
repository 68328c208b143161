import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { comboKey, SUGGEST_DELAY_MS } from './combobox';
import { SEARCH_PATH, searchPath, searchWordsFrom } from './address';
import { fetchSuggestions } from './suggest';
import './search-box.css';

/** `null`: nothing asked yet for this text; else what the server suggested for `q`. */
type Suggestions = { readonly q: string; readonly list: readonly string[] } | null;

/**
 * The search box of the top navigation, with autocomplete from the first character (the ARIA
 * combobox pattern: the input owns a listbox; arrows move, Enter searches, Escape closes).
 * Searching opens `/search?q=…`; an empty box does nothing.
 */
export function SearchBox() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const onSearchPage = location === SEARCH_PATH;
  const searched = onSearchPage ? searchWordsFrom(new URLSearchParams(search)) : '';
  const [text, setText] = useState(searched);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [suggestions, setSuggestions] = useState<Suggestions>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const query = text.trim();

  // the box shows what the search page searched, also after back and forward
  useEffect(() => {
    if (onSearchPage) setText(searched);
  }, [onSearchPage, searched]);

  useEffect(() => {
    if (!open || query === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(query, controller.signal).then(
        (list) => setSuggestions({ q: query, list }),
        () => undefined,
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query]);

  const list = suggestions?.q === query ? suggestions.list : null;
  const expanded = open && query !== '' && list !== null;
  const count = expanded ? list.length : 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (words: string) => {
    const q = words.trim();
    if (q === '') return;
    close();
    setText(q);
    navigate(searchPath({ q }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = comboKey(event.key, { open: expanded, active, count });
    if (step.kind === 'ignore') return;
    event.preventDefault();
    if (step.kind === 'state') {
      // keep the top navigation's menu open: this Escape only closes the list
      if (event.key === 'Escape') event.stopPropagation();
      setOpen(step.open);
      setActive(step.active);
    } else if (step.kind === 'clear') {
      setText('');
    } else {
      go(step.index === null || list === null ? text : (list[step.index] ?? text));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(text);
  };

  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <form
      ref={rootRef}
      role="search"
      className="search-box"
      // without JavaScript (a page the server rendered), the search page answers the form
      action="/search"
      onSubmit={onSubmit}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <svg className="search-icon" aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" focusable="false">
        <circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M10 10l4 4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search
      </label>
      <input
        id={`${id}-input`}
        type="search"
        name="q"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder="Search"
        maxLength={200}
        value={text}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" className="search-suggestions" hidden={!expanded}>
        {list !== null && list.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="search-suggestion-empty">
            No results
          </li>
        ) : (
          (list ?? []).map((suggestion, index) => (
            <li
              key={suggestion}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="search-suggestion"
              // pressing an option must not blur the input first (which would close the list)
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => go(suggestion)}
            >
              {suggestion}
            </li>
          ))
        )}
      </ul>
    </form>
  );
}
