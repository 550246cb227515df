import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export type FilterChipProps = Omit<ComponentProps<'button'>, 'children'> & {
  /** What it filters by: 'Канал'. */
  name: string;
  /** What is chosen ('Новости Москвы', 'Статус: 2'); none: the chip shows its name. */
  value?: string | undefined;
  /** A filter is set: the chip stands out. */
  active: boolean;
};

/** One chip of the filter row: opens its picker, reads out as 'Канал: Новости Москвы'. */
export function FilterChip({ name, value, active, className, ...props }: FilterChipProps) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={value === undefined ? undefined : `${name}: ${value}`}
      className={cn(
        'inline-flex min-h-11 min-w-0 max-w-full items-center gap-1 rounded-full border px-3.5 text-sm transition-colors',
        active
          ? 'border-primary bg-primary/15 text-foreground'
          : 'bg-card text-foreground hover:bg-accent active:bg-accent/80',
        className,
      )}
      {...props}
    >
      <span className="truncate">{value ?? name}</span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
    </button>
  );
}
