import { type ChannelInfo, PRIVATE_TELEGRAM_LINK, parseTelegramLink } from '@addesk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Search } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Avatar } from '@/components/ui/avatar';
import { BottomBar } from '@/components/ui/bottom-bar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ScreenHeader } from '@/components/ui/screen-header';
import { useTelegramUser } from '@/features/employees/api/search-telegram-user';
import { FormField } from '@/features/employees/components/form-field';
import {
  type NewEmployeeForm,
  type NewEmployeeFormValues,
  newEmployeeFormSchema,
} from '@/features/employees/lib/employee-forms';
import { errorMessage } from '@/lib/notify';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** Spec §5: the profile link is looked up once the user has paused for this long. */
export const PROFILE_LOOKUP_DEBOUNCE_MS = 800;

/** A new person, kept in memory between step 2 and the card (decision 005: nothing is written before the card). */
export type NewPerson = {
  name: string;
  /** The typed link, as the user wrote it (shown again when they come back to this step). */
  link: string;
  telegramNickName?: string;
  /** What Telegram showed for the link, if it was found. */
  telegram?: ChannelInfo;
};

const FORM_ID = 'new-employee-form';

/**
 * Step 2 (spec §2.10): 'Имя сотрудника' (required) and 'Ссылка на профиль' (optional). A link that cannot be right is
 * explained at once, without a request; a well-formed one is looked up in Telegram after an 800 ms pause.
 * 'Продолжить' keeps the person in memory and opens the card; it makes no call.
 */
export function NewEmployeeStep({
  channelId,
  initial,
  onContinue,
}: {
  channelId: string;
  initial: NewPerson | undefined;
  onContinue: (person: NewPerson) => void;
}) {
  const form = useForm<NewEmployeeFormValues, unknown, NewEmployeeForm>({
    resolver: zodResolver(newEmployeeFormSchema),
    mode: 'onTouched',
    defaultValues: { name: initial?.name ?? '', link: initial?.link ?? '' },
  });
  const { errors, isValid } = form.formState;
  const link = useWatch({ control: form.control, name: 'link' });
  const [linkBlurred, setLinkBlurred] = useState(false);
  const debouncedLink = useDebouncedValue(link, PROFILE_LOOKUP_DEBOUNCE_MS);

  const parsed = link.trim() ? parseTelegramLink(link) : undefined;
  const debounced = debouncedLink.trim() ? parseTelegramLink(debouncedLink) : undefined;
  const lookedUpName = debounced?.ok ? debounced.username : undefined;
  const lookup = useTelegramUser(lookedUpName);

  // What the field holds now has been looked up (not a name typed since the last pause).
  const current = Boolean(
    parsed?.ok && lookedUpName && parsed.username.toLowerCase() === lookedUpName.toLowerCase(),
  );
  const found = current && lookup.isSuccess ? lookup.data : undefined;
  const looking = Boolean(parsed?.ok) && (!current || lookup.isFetching);
  // An invite link is wrong whatever comes next: say so at once; a name being typed is judged when the user pauses
  // or leaves the field.
  const linkProblem =
    parsed &&
    !parsed.ok &&
    (parsed.message === PRIVATE_TELEGRAM_LINK || debouncedLink === link || linkBlurred)
      ? parsed.message
      : undefined;
  // Not found or Telegram down: said, but the link stays optional and does not hold the user back.
  const lookupProblem =
    current && lookup.isError && !lookup.isFetching ? errorMessage(lookup.error) : undefined;

  const canContinue = isValid && !(parsed && !parsed.ok) && !looking;

  const submit = form.handleSubmit((values) => {
    if (!canContinue) return;
    onContinue({
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
      <ScreenHeader
        title="Новый сотрудник"
        back={{ to: '/channels/$id/employees/add', params: { id: channelId } }}
      />
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
            hint="Ссылка на Telegram: t.me/username или @username"
            error={linkProblem ?? lookupProblem}
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
                inputMode="url"
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="go"
                aria-invalid={linkProblem ? true : undefined}
                aria-describedby={ids.describedBy}
              />
            )}
          </FormField>

          <div aria-live="polite" className="flex flex-col gap-3">
            {looking ? <LookingUp /> : null}
            {found ? <FoundProfile user={found} /> : null}
          </div>
        </form>
      </main>
      <BottomBar>
        <Button type="submit" form={FORM_ID} size="lg" disabled={!canContinue}>
          Продолжить
        </Button>
      </BottomBar>
    </>
  );
}

function LookingUp() {
  return (
    <div role="status" className="flex min-h-20 items-center gap-3 rounded-xl border bg-card p-4">
      <span aria-hidden="true" className="size-12 shrink-0 animate-pulse rounded-full bg-muted" />
      <span className="flex items-center gap-2 text-muted-foreground">
        <Search aria-hidden="true" className="size-4" />
        Ищем профиль…
      </span>
    </div>
  );
}

function FoundProfile({ user }: { user: ChannelInfo }) {
  return (
    <section
      aria-label="Найденный профиль"
      className="flex min-h-20 items-center gap-3 rounded-xl border bg-card p-4"
    >
      <Avatar name={user.name} src={user.imageLink} size="lg" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{user.name}</p>
        <p className="truncate text-muted-foreground text-sm">@{user.telegramNickName}</p>
      </div>
      <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-emerald-600 dark:text-emerald-400" />
    </section>
  );
}
