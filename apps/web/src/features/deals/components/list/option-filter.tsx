import { useId, useState } from 'react';
import { FilterChip } from '@/components/filters/filter-chip';
import { FullScreenPicker } from '@/components/filters/full-screen-picker';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/notify';
import { filterIds, listFilter } from '../../lib/deal-search';
import { dealTexts } from '../../lib/kinds';

export type FilterOption = {
  /** An id of the team's data, or a fixed value such as a payment state. */
  id: number | string;
  label: string;
  /** A second line, to tell apart two options of the same label. */
  hint?: string | undefined;
  /** A picture beside the label (channels, people): initials when there is none. */
  avatar?: { name: string; src: string | null } | undefined;
};

export type OptionFilterProps = {
  /** What it filters by: 'Канал', 'Статус', 'Менеджер'. */
  name: string;
  /** The filter's value: one id or several joined by commas; undefined: 'Все'. */
  value: string | undefined;
  /** What the value chooses; by default its ids ('3,5' -> [3, 5]). */
  chosenOf?: (value: string | undefined) => ReadonlyArray<FilterOption['id']>;
  onApply: (value: string | undefined) => void;
  options: readonly FilterOption[] | undefined;
  /** The options are loading (a fixed list never is). */
  pending?: boolean;
  error?: unknown;
  onRetry?: () => void;
};

/**
 * A filter chip and its full-screen picker (spec §2.5): 'Все' and the options, applied with 'Применить'.
 * Several options may be ticked (the URL joins their ids with commas); 'Все' unticks them all.
 */
export function OptionFilter({
  name,
  value,
  chosenOf = filterIds,
  onApply,
  options,
  pending = false,
  error,
  onRetry,
}: OptionFilterProps) {
  type Id = FilterOption['id'];
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<readonly Id[]>([]);
  const chosen = chosenOf(value);
  const legendId = useId();

  const labelOf = (id: Id) => options?.find((option) => option.id === id)?.label ?? `№${id}`;
  let shown: string | undefined;
  if (chosen.length === 1) shown = labelOf(chosen[0] as Id);
  else if (chosen.length > 1) shown = `${labelOf(chosen[0] as Id)} +${chosen.length - 1}`;

  const toggle = (id: Id) =>
    setDraft((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  return (
    <>
      <FilterChip
        name={name}
        value={shown}
        active={chosen.length > 0}
        aria-expanded={open}
        onClick={() => {
          setDraft(chosen);
          setOpen(true);
        }}
      />
      <FullScreenPicker
        open={open}
        onOpenChange={setOpen}
        title={name}
        footer={
          <Button
            size="lg"
            onClick={() => {
              onApply(listFilter(draft));
              setOpen(false);
            }}
          >
            {dealTexts.apply}
          </Button>
        }
      >
        <fieldset aria-labelledby={legendId} className="flex flex-col">
          <legend id={legendId} className="sr-only">
            {name}
          </legend>
          <OptionRow label={dealTexts.all} checked={draft.length === 0} onChange={() => setDraft([])} />
          {options?.map((option) => (
            <OptionRow
              key={option.id}
              label={option.label}
              hint={option.hint}
              avatar={option.avatar}
              checked={draft.includes(option.id)}
              onChange={() => toggle(option.id)}
            />
          ))}
        </fieldset>
        {pending ? <Spinner className="py-8" /> : null}
        {error ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center">
            <p role="alert">{errorMessage(error)}</p>
            <Button variant="secondary" onClick={onRetry}>
              {dealTexts.retry}
            </Button>
          </div>
        ) : null}
      </FullScreenPicker>
    </>
  );
}

type OptionRowProps = {
  label: string;
  hint?: string | undefined;
  avatar?: FilterOption['avatar'];
  checked: boolean;
  onChange: () => void;
};

function OptionRow({ label, hint, avatar, checked, onChange }: OptionRowProps) {
  const hintId = useId();
  return (
    <label className="flex min-h-14 cursor-pointer items-center gap-3 border-b py-2 last:border-b-0">
      <input
        type="checkbox"
        checked={checked}
        onChange={onChange}
        aria-describedby={hint ? hintId : undefined}
        className="size-5 shrink-0 accent-primary"
      />
      {avatar ? <Avatar name={avatar.name} src={avatar.src} size="sm" decorative /> : null}
      <span className="min-w-0 flex-1">
        <span className="block truncate">{label}</span>
        {hint ? (
          <span id={hintId} aria-hidden="true" className="block truncate text-muted-foreground text-sm">
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}
