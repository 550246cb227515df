import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/notify';
import type { FieldIds } from './form-field';
import { OptionRow } from './option-row';
import { PickerTrigger } from './picker-trigger';

export type PickerOption = {
  id: number;
  name: string;
  /** A second line ('@finance_for_all'). */
  hint?: string | null;
  iconLink?: string | null;
};

export type OptionPickerProps = {
  ids: FieldIds;
  /** The sheet's heading (the field's label). */
  title: string;
  placeholder: string;
  options: readonly PickerOption[] | undefined;
  /** The options are loading, or failed to (with a retry). */
  pending?: boolean;
  error?: unknown;
  onRetry?: () => void;
  value: number | null;
  onChange: (id: number) => void;
  /** The sheet closed (chosen or not): the field has been visited. */
  onBlur?: () => void;
  invalid?: boolean;
  /** Show each option's picture (channels, people). */
  avatars?: boolean;
  /** The chosen value's name while the options load (a loaded deal knows it). */
  fallback?: { name: string; iconLink?: string | null } | undefined;
  /** Said in the sheet when there is nothing to choose from. */
  emptyText?: string;
  /** Inside a disabled fieldset (a deal in view mode): an empty value reads 'Не выбрано'. */
  readOnly?: boolean;
};

/**
 * A field whose value is picked from a list in a bottom sheet (a phone's select) with big touch targets: the trigger
 * looks like a text field and reads out its label and the chosen value; a tap on an option picks it and closes the
 * sheet.
 */
export function OptionPicker({
  ids,
  title,
  placeholder,
  options,
  pending,
  error,
  onRetry,
  value,
  onChange,
  onBlur,
  invalid,
  avatars = false,
  fallback,
  emptyText,
  readOnly,
}: OptionPickerProps) {
  const [open, setOpen] = useState(false);
  const chosen = options?.find((option) => option.id === value) ?? (value === null ? undefined : fallback);

  const close = () => {
    setOpen(false);
    onBlur?.();
  };

  return (
    <>
      <PickerTrigger
        ids={ids}
        expanded={open}
        onOpen={() => setOpen(true)}
        invalid={invalid}
        placeholder={readOnly ? 'Не выбрано' : placeholder}
        icon={
          avatars && chosen ? <Avatar name={chosen.name} src={chosen.iconLink} size="sm" decorative /> : null
        }
      >
        {chosen?.name}
      </PickerTrigger>
      <Sheet open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
        <SheetContent>
          <SheetHeader>
            <SheetTitle>{title}</SheetTitle>
            <SheetDescription className="sr-only">{placeholder}</SheetDescription>
          </SheetHeader>
          <div className="min-h-0 overflow-y-auto px-3 pb-2">
            {pending && !options ? <Spinner className="w-full py-8" /> : null}
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
            {options && options.length === 0 && emptyText ? (
              <p className="px-2 py-6 text-center text-muted-foreground">{emptyText}</p>
            ) : null}
            {options && options.length > 0 ? (
              <ul className="flex flex-col">
                {options.map((option) => {
                  const selected = option.id === value;
                  return (
                    <li key={option.id}>
                      <OptionRow
                        name={option.name}
                        hint={option.hint}
                        avatar={avatars ? { src: option.iconLink } : undefined}
                        selected={selected}
                        onClick={() => {
                          onChange(option.id);
                          close();
                        }}
                      />
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        </SheetContent>
      </Sheet>
    </>
  );
}
