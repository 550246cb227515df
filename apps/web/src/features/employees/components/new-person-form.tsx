import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { UnsavedChangesPrompt } from '@/components/app/unsaved-changes-prompt';
import { BottomBar } from '@/components/ui/bottom-bar';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  PICKER_LOOKUP_DEBOUNCE_MS,
  TelegramLookupResult,
  telegramLinkInputProps,
  useTelegramLookup,
} from '@/features/telegram';
import type { NewPerson } from '../lib/add-employee-draft';
import {
  type NewEmployeeForm,
  type NewEmployeeFormValues,
  newEmployeeFormSchema,
} from '../lib/employee-forms';

const FORM_ID = 'new-employee-form';

/**
 * A new person: 'Имя сотрудника' (required) and 'Ссылка на профиль' (optional), in a channel's flow and on
 * /employees/add. A link that cannot be right is explained at once, without a request; a well-formed one is looked up
 * in Telegram after an 800 ms pause. What is typed goes to `onChange` (the flow keeps it across a reload), and leaving
 * with something typed asks first.
 */
export function NewPersonForm({
  initial,
  onChange,
  submitLabel,
  pendingLabel = submitLabel,
  pending,
  problem,
  onSubmit,
}: {
  initial: NewPerson | undefined;
  onChange: (typed: NewPerson) => void;
  submitLabel: string;
  pendingLabel?: string;
  pending: boolean;
  /** A failure of the submit, shown under the form. */
  problem?: ReactNode;
  onSubmit: (person: NewPerson) => void;
}) {
  const form = useForm<NewEmployeeFormValues, unknown, NewEmployeeForm>({
    resolver: zodResolver(newEmployeeFormSchema),
    mode: 'onTouched',
    defaultValues: { name: initial?.name ?? '', link: initial?.link ?? '' },
  });
  const { errors, isValid } = form.formState;
  const name = useWatch({ control: form.control, name: 'name' });
  const link = useWatch({ control: form.control, name: 'link' });
  const [linkBlurred, setLinkBlurred] = useState(false);
  // Not found or Telegram down: said as a hint, not an error; the link is kept as typed and does not hold the user back.
  const { parsed, found, looking, linkProblem, lookupProblem } = useTelegramLookup(link, {
    target: 'user',
    debounceMs: PICKER_LOOKUP_DEBOUNCE_MS,
    blurred: linkBlurred,
  });

  const canContinue = isValid && !(parsed && !parsed.ok) && !looking && !pending;

  useEffect(() => onChange({ name, link }), [name, link, onChange]);

  const submit = form.handleSubmit((values) => {
    if (!canContinue) return;
    onSubmit({
      name: values.name,
      link: values.link,
      ...(parsed?.ok ? { telegramNickName: parsed.username } : {}),
      ...(found ? { telegram: found } : {}),
    });
  });

  const nameField = form.register('name');
  const linkField = form.register('link');

  return (
    <>
      <main className="flex flex-1 flex-col px-4 pt-4 pb-4">
        <form id={FORM_ID} noValidate onSubmit={submit} className="flex flex-col gap-5">
          <FormField label="Имя сотрудника" error={errors.name?.message}>
            {(ids) => (
              <Input
                id={ids.control}
                {...nameField}
                placeholder="Иван Петров"
                autoComplete="off"
                enterKeyHint="next"
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={ids.describedBy}
              />
            )}
          </FormField>

          <FormField
            label="Ссылка на профиль"
            optional
            hint={
              lookupProblem
                ? `${lookupProblem}: ссылка сохранится как есть`
                : 'Ссылка на Telegram: t.me/username или @username'
            }
            error={linkProblem}
          >
            {(ids) => (
              <Input
                id={ids.control}
                {...linkField}
                onChange={(event) => {
                  setLinkBlurred(false);
                  return linkField.onChange(event);
                }}
                onBlur={(event) => {
                  setLinkBlurred(true);
                  return linkField.onBlur(event);
                }}
                placeholder="https://t.me/username"
                {...telegramLinkInputProps}
                enterKeyHint="go"
                aria-invalid={linkProblem ? true : undefined}
                aria-describedby={ids.describedBy}
              />
            )}
          </FormField>

          <TelegramLookupResult
            looking={looking}
            found={found}
            lookingText="Ищем профиль…"
            foundLabel="Найденный профиль"
          />
          {problem}
        </form>
      </main>
      <BottomBar>
        <Button type="submit" form={FORM_ID} size="lg" disabled={!canContinue}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </BottomBar>
      <UnsavedChangesPrompt when={(name.trim() !== '' || link.trim() !== '') && !pending} />
    </>
  );
}
