'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChainText } from '@/components/ui/values/ChainText';
import { groupSuggestions, type Suggestion, type SuggestionsJson } from '@/lib/search/suggestion';
import { urls } from '@/lib/routes/urls';

/** Suggestions are asked from this many characters, this long after the last keystroke. */
const MIN_CHARS = 2;
const DEBOUNCE_MS = 200;

/**
 * The search form, with suggestions as you type: the WAI-ARIA combobox with a listbox popup (the
 * APG pattern). From 2 characters, 200 ms after the last keystroke, it asks `GET /api/v1/search`
 * (lib/server/search/suggest.ts) and lists what comes back in groups (tokens, contracts, labels,
 * chains, …). Down and Up move through them (Alt+Down opens without moving), Enter opens the one
 * chosen or, with none chosen, submits the form; Escape closes the list, and clears the text
 * when it is already closed. The focus stays in the text field (aria-activedescendant).
 *
 * Without JavaScript it is the plain GET form to /search?q= it always was. The header has one on
 * every page and some pages a second, so each is a search landmark of its own name and its
 * field an id of its own.
 */
export function SearchBox({
  defaultValue = '',
  autoFocus = false,
  where = 'page',
}: {
  defaultValue?: string;
  autoFocus?: boolean;
  /** The header's form or the page's own. */
  where?: 'header' | 'page';
}) {
  const id = `search-${where}`;
  const listId = `${id}-listbox`;
  const optionPrefix = useId();
  const router = useRouter();
  const [text, setText] = useState(defaultValue);
  const [answer, setAnswer] = useState<SuggestionsJson | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);

  // Below MIN_CHARS nothing is suggested (an answer to longer text is not shown); options in their groups' order.
  const groups = text.trim().length >= MIN_CHARS ? groupSuggestions(answer?.items ?? []) : [];
  const items = groups.flatMap((g) => g.items);
  const optionId = (i: number) => `${optionPrefix}-option-${i}`;

  // Ask for suggestions once the typing pauses; an answer to an older text is dropped.
  useEffect(() => {
    const query = text.trim();
    if (query.length < MIN_CHARS) return;
    const ticket = ++asked.current;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(urls.api.search(query), { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<SuggestionsJson>) : null))
        .then((json) => {
          if (ticket !== asked.current || json === null) return;
          setAnswer(json);
          setActive(-1);
        })
        .catch(() => {
          // Aborted or unreachable: the form still submits to /search.
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const go = (item: Suggestion) => {
    setOpen(false);
    setActive(-1);
    router.push(item.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = items.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else if (!event.altKey) {
          setActive((a) => (a + 1) % count);
        }
        return;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((a) => (a <= 0 ? count - 1 : a - 1));
        return;
      case 'Enter': {
        const chosen = open && active >= 0 ? items[active] : undefined;
        if (chosen) {
          event.preventDefault();
          go(chosen);
        }
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (open) {
          setOpen(false);
          setActive(-1);
        } else {
          setText('');
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  };

  const shown = open && items.length > 0;
  return (
    <form action="/search" method="get" role="search" aria-label={where === 'header' ? 'Site search' : 'Search'} className="relative flex w-full min-w-0 gap-2">
      <label htmlFor={id} className="sr-only">
        Search by name, symbol, block number, hash, address or chain
      </label>
      <input
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        autoFocus={autoFocus}
        required
        spellCheck={false}
        autoComplete="off"
        placeholder="Name, hash, address, block or chain"
        className="h-9 w-full min-w-0 rounded-md border border-border bg-surface px-3 font-mono text-sm text-fg placeholder:font-sans placeholder:text-muted"
      />
      <button type="submit" className="h-9 shrink-0 rounded-md bg-accent px-3 text-sm font-medium text-accent-fg hover:opacity-90">
        Search
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!shown}
        className="absolute left-0 right-0 top-10 z-30 max-h-[70vh] overflow-y-auto rounded-md border border-border bg-surface py-1 text-sm shadow-lg"
        data-testid={`${id}-suggestions`}
      >
        {groups.map((group) => (
          <li role="presentation" key={group.kind}>
            <ul role="group" aria-labelledby={`${optionPrefix}-${group.kind}`}>
              <li role="presentation" id={`${optionPrefix}-${group.kind}`} className="px-3 pb-0.5 pt-2 text-xs font-semibold uppercase tracking-wide text-muted">
                {group.label}
              </li>
              {group.items.map((item) => {
                const i = items.indexOf(item);
                return (
                  <li
                    key={`${item.kind}:${item.url}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    data-kind={item.kind}
                    onMouseDown={(event) => {
                      // Keep the focus in the field: the choice is made on this press.
                      event.preventDefault();
                      go(item);
                    }}
                    onMouseEnter={() => setActive(i)}
                    className={`cursor-pointer px-3 py-1.5 ${i === active ? 'bg-accent/15' : ''}`}
                  >
                    <span className={`block truncate ${item.kind === 'transaction' || item.kind === 'address' || item.title.startsWith('0x') ? 'font-mono text-xs' : 'font-medium'}`}>
                      <ChainText text={item.title} />
                    </span>
                    {item.detail ? <span className="block truncate text-xs text-muted">{item.detail}</span> : null}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
      <p className="sr-only" role="status" aria-live="polite">
        {shown ? `${items.length} suggestion${items.length === 1 ? '' : 's'}` : ''}
      </p>
    </form>
  );
}
