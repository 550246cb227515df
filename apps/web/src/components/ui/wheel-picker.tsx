import { type KeyboardEvent, type MouseEvent, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/utils';

export type WheelOption = { value: number; label: string };

export type WheelPickerProps = {
  /** What the column picks ('День', 'Часы'): its accessible name. */
  label: string;
  options: readonly WheelOption[];
  value: number;
  onChange: (value: number) => void;
  /**
   * The arrow keys go round from the last option to the first and back (hours, minutes: spec §5 "wraps");
   * otherwise they stop at the ends (day, month, year: "clamped").
   */
  loop?: boolean;
  className?: string;
};

/** Height of one option: a comfortable touch target (44 px) and the snap step. */
const ITEM_HEIGHT = 44;
/** Options visible at once; the chosen one sits in the middle. */
const VISIBLE = 5;
const PAD = ((VISIBLE - 1) / 2) * ITEM_HEIGHT;
/** A scroll that has stopped for this long has settled on its option. */
const SETTLE_MS = 120;
/** Letters typed within this long make one search ('2', '0' -> 20). */
const TYPEAHEAD_MS = 1000;
const PAGE = 5;

/**
 * A phone's wheel: a column of options that scrolls and snaps (CSS scroll-snap), the option in the middle being the
 * chosen one. A tap on an option picks it. For the keyboard it is a listbox: arrows move by one, PageUp/PageDown by
 * five, Home/End to the ends, and typing a number or the first letters jumps to it.
 */
export function WheelPicker({ label, options, value, onChange, loop = false, className }: WheelPickerProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const settleTimer = useRef<number | undefined>(undefined);
  const typed = useRef({ text: '', at: 0 });
  const baseId = useId();
  const found = options.findIndex((option) => option.value === value);
  const index = found === -1 ? 0 : found;
  const last = options.length - 1;

  // The chosen option in the middle: on opening, and whenever the value changes by a tap, a key or the parent.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const top = index * ITEM_HEIGHT;
    if (Math.abs(list.scrollTop - top) > 1) list.scrollTop = top;
  }, [index]);

  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  const pick = (next: number) => {
    const option = options[next];
    if (option && option.value !== value) onChange(option.value);
  };

  const onScroll = () => {
    window.clearTimeout(settleTimer.current);
    settleTimer.current = window.setTimeout(() => {
      const list = listRef.current;
      if (!list) return;
      pick(Math.min(last, Math.max(0, Math.round(list.scrollTop / ITEM_HEIGHT))));
    }, SETTLE_MS);
  };

  const typeAhead = (key: string) => {
    const now = Date.now();
    const text = (now - typed.current.at < TYPEAHEAD_MS ? typed.current.text : '') + key.toLowerCase();
    typed.current = { text, at: now };
    const byLabel = options.findIndex((option) => option.label.toLowerCase().startsWith(text));
    const byNumber = /^\d+$/.test(text) ? options.findIndex((option) => option.value === Number(text)) : -1;
    const next = byNumber === -1 ? byLabel : byNumber;
    if (next !== -1) pick(next);
  };

  /** The index a navigation key leads to, or undefined for any other key. */
  const target = (key: string): number | undefined => {
    switch (key) {
      case 'ArrowDown':
        return loop ? (index + 1) % options.length : Math.min(last, index + 1);
      case 'ArrowUp':
        return loop ? (index - 1 + options.length) % options.length : Math.max(0, index - 1);
      case 'PageDown':
        return Math.min(last, index + PAGE);
      case 'PageUp':
        return Math.max(0, index - PAGE);
      case 'Home':
        return 0;
      case 'End':
        return last;
      default:
        return undefined;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = options.length > 0 ? target(event.key) : undefined;
    if (next !== undefined) {
      event.preventDefault();
      pick(next);
      return;
    }
    if (event.key.length === 1 && /\p{L}|\p{N}/u.test(event.key) && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      typeAhead(event.key);
    }
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const option = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (option) pick(Number(option.dataset.index));
  };

  return (
    <div className={cn('relative min-w-0', className)} style={{ height: VISIBLE * ITEM_HEIGHT }}>
      {/* The band the chosen option sits in. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 rounded-lg bg-accent"
        style={{ top: PAD, height: ITEM_HEIGHT }}
      />
      <div
        ref={listRef}
        role="listbox"
        aria-label={label}
        aria-activedescendant={options.length > 0 ? `${baseId}-${index}` : undefined}
        tabIndex={0}
        // vaul: scrolling the wheel must not drag the sheet it is in.
        data-vaul-no-drag=""
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        onClick={onClick}
        className={cn(
          'relative h-full snap-y snap-mandatory overflow-y-auto overscroll-contain rounded-lg',
          '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          'focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2',
        )}
        style={{
          maskImage: 'linear-gradient(to bottom, transparent, black 30%, black 70%, transparent)',
        }}
      >
        <div aria-hidden="true" style={{ height: PAD }} />
        {options.map((option, i) => {
          const selected = i === index;
          return (
            <div
              key={option.value}
              id={`${baseId}-${i}`}
              role="option"
              aria-selected={selected}
              tabIndex={-1}
              data-index={i}
              className={cn(
                'flex cursor-pointer snap-center items-center justify-center px-1 text-lg tabular-nums',
                selected ? 'font-semibold text-foreground' : 'text-muted-foreground',
              )}
              style={{ height: ITEM_HEIGHT }}
            >
              <span className="truncate">{option.label}</span>
            </div>
          );
        })}
        <div aria-hidden="true" style={{ height: PAD }} />
      </div>
    </div>
  );
}
