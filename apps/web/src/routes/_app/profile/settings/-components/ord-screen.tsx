import type { TeamOrd, TeamOrdInput } from '@addesk/contract';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { UnsavedChangesPrompt } from '@/components/app/unsaved-changes-prompt';
import { Button } from '@/components/ui/button';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { ErrorState } from '@/components/ui/error-state';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { Spinner } from '@/components/ui/spinner';
import { useSaveTeamOrd, useTeamOrd } from '@/features/profile/api/team-ord';
import { isApiError } from '@/lib/api-client';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { SwitchRow } from './setting-switches';

export const ordTexts = {
  title: 'ОРД (маркировка)',
  intro:
    'Ключ API для регистрации рекламы: с ним AdDesk сам регистрирует рекламу сделок в ОРД и получает erid.',
  provider: 'Оператор',
  providerName: 'VK ОРД',
  sandbox: 'Песочница',
  sandboxHint: 'Для проверки: ОРД не передаёт данные в ЕРИР',
  key: 'Ключ API',
  keyHint: 'Из кабинета VK ОРД. После сохранения его не видно: только заменить или удалить',
  keySaved: 'Ключ сохранён',
  replace: 'Заменить',
  cancelReplace: 'Оставить сохранённый',
  remove: 'Удалить ключ',
  removing: 'Удаляем…',
  removeTitle: 'Удалить ключ API?',
  removeText:
    'Без ключа AdDesk не сможет регистрировать рекламу в ОРД. Данные маркировки сделок и полученные erid останутся.',
  removed: 'Ключ удалён',
  save: 'Сохранить',
  saving: 'Сохраняем…',
  saved: 'Настройки ОРД сохранены',
};

type Field = 'apiKey' | 'sandbox' | 'provider';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * /profile/settings/ord (issue 35, decisions D6): the team's ОРД account, the owner's only. VK ОРД, its sandbox or not,
 * and the API key, which is write-only: the server never answers it back, so the screen only says whether one is saved,
 * and offers to replace or remove it.
 */
export function OrdScreen() {
  const ord = useTeamOrd();
  return (
    <>
      <ScreenHeader title={ordTexts.title} back={{ to: '/profile/settings' }} />
      {ord.isPending ? (
        <ScreenMain className="items-center justify-center px-4 py-12">
          <Spinner />
        </ScreenMain>
      ) : ord.isError ? (
        <ScreenMain className="px-4">
          <ErrorState error={ord.error} onRetry={() => void ord.refetch()} />
        </ScreenMain>
      ) : (
        <OrdForm saved={ord.data} />
      )}
    </>
  );
}

function OrdForm({ saved }: { saved: TeamOrd }) {
  const save = useSaveTeamOrd();
  const [sandbox, setSandbox] = useState(saved.sandbox);
  // Never filled from the server: the key is write-only.
  const [apiKey, setApiKey] = useState('');
  const [replacing, setReplacing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [removeOpen, setRemoveOpen] = useState(false);
  const [removing, setRemoving] = useState(false);

  const keyShown = !saved.keySet || replacing;
  const key = apiKey.trim();
  const changed = sandbox !== saved.sandbox || key !== '';
  // Field errors show under their fields; anything else above 'Сохранить' (or in the removing sheet).
  const serverProblem =
    save.isError && !removing && !(isApiError(save.error) && save.error.fieldErrors)
      ? errorMessage(save.error)
      : undefined;

  const showFieldErrors = (error: unknown) => {
    const fields = isApiError(error) ? error.fieldErrors : undefined;
    if (!fields) return;
    const message = (field: Field) => fields[field]?.join(' ') || undefined;
    setErrors({ apiKey: message('apiKey'), sandbox: message('sandbox'), provider: message('provider') });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setRemoving(false);
    const form = event.currentTarget;
    // No key typed: the saved one (if any) stays.
    const body: TeamOrdInput = { provider: 'vk', sandbox, ...(key ? { apiKey: key } : {}) };
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess(ordTexts.saved);
        setApiKey('');
        setReplacing(false);
        setErrors({});
      },
      onError: (error) => {
        showFieldErrors(error);
        if (isApiError(error) && error.fieldErrors?.apiKey) {
          form.querySelector<HTMLElement>('[name="apiKey"]')?.focus();
        }
      },
    });
  };

  const remove = () => {
    setRemoving(true);
    save.mutate(
      { provider: 'vk', sandbox: saved.sandbox, apiKey: '' },
      {
        onSuccess: () => {
          setRemoveOpen(false);
          setApiKey('');
          setReplacing(false);
          setErrors({});
          notifySuccess(ordTexts.removed);
        },
      },
    );
  };

  return (
    <ScreenMain className="px-4 py-4">
      <UnsavedChangesPrompt when={changed} />
      <form noValidate onSubmit={submit} className="flex flex-1 flex-col gap-5">
        <p className="text-muted-foreground text-sm">{ordTexts.intro}</p>

        <dl className="flex min-h-14 items-center justify-between gap-3 rounded-xl border bg-card px-4 py-3">
          <dt className="text-muted-foreground">{ordTexts.provider}</dt>
          <dd className="font-medium">{ordTexts.providerName}</dd>
        </dl>
        <FieldError message={errors.provider} />

        <div className="flex flex-col gap-2">
          <div className="overflow-hidden rounded-xl border bg-card">
            <SwitchRow
              label={ordTexts.sandbox}
              description={ordTexts.sandboxHint}
              checked={sandbox}
              onCheckedChange={(next) => {
                setSandbox(next);
                setErrors((old) => ({ ...old, sandbox: undefined }));
                if (save.isError) save.reset();
              }}
            />
          </div>
          <FieldError message={errors.sandbox} />
        </div>

        {keyShown ? (
          <FormField label={ordTexts.key} hint={ordTexts.keyHint} error={errors.apiKey}>
            {(ids) => (
              <Input
                id={ids.control}
                name="apiKey"
                type="password"
                value={apiKey}
                onChange={(event) => {
                  setApiKey(event.target.value);
                  setErrors((old) => ({ ...old, apiKey: undefined }));
                  if (save.isError) save.reset();
                }}
                autoComplete="off"
                autoCapitalize="off"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="done"
                maxLength={500}
                aria-invalid={errors.apiKey ? true : undefined}
                aria-describedby={ids.describedBy}
              />
            )}
          </FormField>
        ) : (
          <section aria-labelledby="ord-key-heading" className="flex flex-col gap-2">
            <h2 id="ord-key-heading" className="font-medium">
              {ordTexts.key}
            </h2>
            <p className="flex min-h-12 items-center gap-3 rounded-lg border bg-card px-3 py-2">
              <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
              {ordTexts.keySaved}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setReplacing(true)}>
                {ordTexts.replace}
              </Button>
              <Button variant="destructive" onClick={() => setRemoveOpen(true)}>
                {ordTexts.remove}
              </Button>
            </div>
          </section>
        )}
        {saved.keySet && replacing ? (
          <Button
            variant="ghost"
            className="self-start"
            onClick={() => {
              setReplacing(false);
              setApiKey('');
              setErrors((old) => ({ ...old, apiKey: undefined }));
            }}
          >
            {ordTexts.cancelReplace}
          </Button>
        ) : null}

        {serverProblem ? (
          <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-4">
            {serverProblem}
          </p>
        ) : null}

        <div className="mt-auto flex flex-col gap-2 pt-4">
          <Button type="submit" size="lg" disabled={save.isPending}>
            {save.isPending && !removing ? ordTexts.saving : ordTexts.save}
          </Button>
        </div>
      </form>
      <ConfirmSheet
        open={removeOpen}
        onOpenChange={(next) => {
          setRemoveOpen(next);
          if (!next && removing) save.reset();
        }}
        title={ordTexts.removeTitle}
        description={ordTexts.removeText}
        confirmLabel={ordTexts.remove}
        pendingLabel={ordTexts.removing}
        pending={save.isPending && removing}
        error={removing ? save.error : null}
        onConfirm={remove}
      />
    </ScreenMain>
  );
}
