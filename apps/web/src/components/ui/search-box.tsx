import { dealSearchText, MAX_FILTER_TEXT } from '@addesk/contract/plain';
import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';

/** A pause in typing this long sends the search: one request per word, not per letter. */
const SEARCH_DEBOUNCE_MS = 300;

export type SearchBoxProps = {
  /** The search in the URL. */
  value: string | undefined;
  onSearch: (value: string | undefined) => void;
  /** The box's name for screen readers, its hint and its clear button's name. */
  texts: { label: string; placeholder: string; clear: string };
};

/**
 * A list's search (the deals', the clients'): what is typed goes to the URL after a pause, a Telegram link or
 * @mention as the name it points to ('https://t.me/alina_mkt' searches 'alina_mkt', the box keeping what was typed),
 * and a search changed elsewhere (a reset, Back) shows in the box.
 */
export function SearchBox({ value, onSearch, texts }: SearchBoxProps) {
  const [text, setText] = useState(value ?? '');
  const typed = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const sent = useRef(value ?? '');

  useEffect(() => {
    if ((value ?? '') !== sent.current) {
      sent.current = value ?? '';
      setText(sent.current);
    }
  }, [value]);

  // Runs again with each render's onSearch (a new function every time), which the check below makes harmless.
  useEffect(() => {
    const next = dealSearchText(typed);
    if (next === sent.current) return;
    sent.current = next;
    onSearch(next || undefined);
  }, [typed, onSearch]);

  const clear = () => {
    setText('');
    sent.current = '';
    onSearch(undefined);
  };

  return (
    <search className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
      />
      <input
        type="search"
        value={text}
        maxLength={MAX_FILTER_TEXT}
        onChange={(event) => setText(event.target.value)}
        aria-label={texts.label}
        placeholder={texts.placeholder}
        enterKeyHint="search"
        className={cn(
          // Room for the clear button only while there is something to clear: the hint fits a 360 px phone.
          'flex min-h-12 w-full min-w-0 appearance-none rounded-lg border border-input bg-card py-2 pl-10 text-base text-foreground placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 [&::-webkit-search-cancel-button]:hidden',
          text ? 'pr-12' : 'pr-3',
        )}
      />
      {text ? (
        <button
          type="button"
          onClick={clear}
          aria-label={texts.clear}
          className="absolute top-1/2 right-0.5 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-lg text-muted-foreground hover:text-foreground"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      ) : null}
    </search>
  );
}
