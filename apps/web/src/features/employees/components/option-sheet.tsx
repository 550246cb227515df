import { Check, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';
import type { FieldIds } from './form-field';

export type Option = { id: number; name: string };

export type OptionSheetProps = {
  ids: FieldIds;
  /** The sheet's heading. */
  title: string;
  placeholder: string;
  options: readonly Option[] | undefined;
  /** The options are loading, or failed to (with a retry). */
  pending?: boolean;
  error?: unknown;
  onRetry?: () => void;
  value: number | null;
  onChange: (id: number) => void;
  /** The sheet closed (chosen or not): the field has been visited. */
  onClose?: () => void;
  invalid?: boolean;
};

/**
 * A field whose value is picked from a short list in a bottom sheet (a phone's select): the trigger looks like a
 * text field and reads out its label and the chosen value; a tap on an option picks it and closes the sheet.
 */
export function OptionSheet({
  ids,
  title,
  placeholder,
  options,
  pending,
  error,
  onRetry,
  value,
  onChange,
  onClose,
  invalid,
}: OptionSheetProps) {
  const [open, setOpen] = useState(false);
  const chosen = options?.find((option) => option.id === value);
  const valueId = `${ids.control}-value`;

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClose?.();
      }}
    >
      <button
        type="button"
        id={ids.control}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${ids.label} ${valueId}`}
        aria-describedby={ids.describedBy}
        aria-invalid={invalid || undefined}
        onClick={() => setOpen(true)}
        className={cn(
          'flex min-h-12 w-full min-w-0 items-center gap-2 rounded-lg border border-input bg-card px-3 py-2 text-left text-base shadow-xs transition-colors',
          'hover:bg-accent focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 focus-visible:outline-offset-0 aria-invalid:border-destructive',
        )}
      >
        <span id={valueId} className={cn('min-w-0 flex-1 truncate', !chosen && 'text-muted-foreground')}>
          {chosen?.name ?? placeholder}
        </span>
        <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </button>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
        </SheetHeader>
        <div className="overflow-y-auto px-3 pb-2">
          {pending ? <Spinner className="w-full py-8" /> : null}
          {error && !options ? (
            <div className="flex flex-col items-center gap-3 px-2 py-6 text-center">
              <p role="alert">{errorMessage(error)}</p>
              {onRetry ? (
                <Button variant="secondary" onClick={onRetry}>
                  Повторить
                </Button>
              ) : null}
            </div>
          ) : null}
          {options ? (
            <ul className="flex flex-col">
              {options.map((option) => {
                const selected = option.id === value;
                return (
                  <li key={option.id}>
                    <button
                      type="button"
                      aria-pressed={selected}
                      onClick={() => {
                        onChange(option.id);
                        setOpen(false);
                        onClose?.();
                      }}
                      className={cn(
                        'flex min-h-12 w-full items-center gap-3 rounded-lg px-3 py-2 text-left hover:bg-accent active:bg-accent/80',
                        selected && 'font-semibold',
                      )}
                    >
                      <span className="min-w-0 flex-1">{option.name}</span>
                      {selected ? <Check aria-hidden="true" className="size-5 shrink-0 text-link" /> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}
