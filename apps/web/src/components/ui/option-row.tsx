import { Check } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

export type OptionRowProps = {
  name: string;
  /** A second line ('@finance_for_all'). */
  hint?: string | null | undefined;
  /** Show the option's picture (channels, people); undefined shows none. */
  avatar?: { src: string | null | undefined } | undefined;
  selected: boolean;
  onClick: () => void;
};

/** One choice in a picker sheet: a big button with the option's picture, its name and second line, checked when chosen. */
export function OptionRow({ name, hint, avatar, selected, onClick }: OptionRowProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={cn(
        'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left hover:bg-accent active:bg-accent/80',
        avatar ? 'min-h-14' : 'min-h-12',
        selected && 'bg-accent/60 font-semibold',
      )}
    >
      {avatar ? <Avatar name={name} src={avatar.src} decorative /> : null}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate">{name}</span>
        {hint ? <span className="truncate font-normal text-muted-foreground text-sm">{hint}</span> : null}
      </span>
      {selected ? <Check aria-hidden="true" className="size-5 shrink-0 text-link" /> : null}
    </button>
  );
}
