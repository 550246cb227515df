import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { FieldIds } from './form-field';

export type PickerTriggerProps = {
  ids: FieldIds;
  expanded: boolean;
  onOpen: () => void;
  invalid?: boolean;
  /** What is chosen; the placeholder when nothing is. */
  children?: ReactNode;
  placeholder: string;
  /** Left of the value: the chosen channel's avatar, a calendar icon. */
  icon?: ReactNode;
  /** The chevron that says "opens a list"; the date and time fields go without it (their icon says enough). */
  chevron?: boolean;
};

/**
 * The button a picker sheet opens from. It looks like a text field and reads out its label and the chosen value
 * ('Наш канал Финансы для всех'). Inside a disabled fieldset (a deal in view mode) it shows the value only.
 */
export function PickerTrigger({
  ids,
  expanded,
  onOpen,
  invalid,
  children,
  placeholder,
  icon,
  chevron = true,
}: PickerTriggerProps) {
  const empty = children === undefined || children === null || children === '';
  return (
    <button
      type="button"
      id={ids.control}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-labelledby={`${ids.label} ${ids.value}`}
      aria-describedby={ids.describedBy}
      aria-invalid={invalid || undefined}
      onClick={onOpen}
      className={cn(
        'group flex min-h-12 w-full min-w-0 items-center gap-3 rounded-lg border border-input bg-card px-3 py-2 text-left text-base shadow-xs transition-colors',
        'hover:bg-accent focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 focus-visible:outline-offset-0 aria-invalid:border-destructive',
        'disabled:cursor-default disabled:border-transparent disabled:bg-muted/50 disabled:shadow-none disabled:hover:bg-muted/50',
      )}
    >
      {icon}
      <span id={ids.value} className={cn('min-w-0 flex-1 truncate', empty && 'text-muted-foreground')}>
        {empty ? placeholder : children}
      </span>
      {chevron ? (
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground group-disabled:hidden"
        />
      ) : null}
    </button>
  );
}
