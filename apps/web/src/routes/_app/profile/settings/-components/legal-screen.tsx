import type { LegalDetails, TeamLegal } from '@addesk/contract';
import {
  EMPTY_FIELD,
  innProblem,
  isKpp,
  KPP_MESSAGE,
  type LegalType,
  legalTypeNames,
  legalTypes,
  tooLong,
} from '@addesk/contract/plain';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { UnsavedChangesPrompt } from '@/components/app/unsaved-changes-prompt';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { Spinner } from '@/components/ui/spinner';
import { useSaveTeamLegal, useTeamLegal } from '@/features/profile/api/team-legal';
import { isApiError } from '@/lib/api-client';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';

/** The contract's limit of a party's name (`legalDetailsSchema`). */
const MAX_LEGAL_NAME = 300;
const KPP_REQUIRED = 'КПП: обязателен для юрлица';

const namePlaceholders: Record<LegalType, string> = {
  juridical: 'ООО «Ромашка»',
  ip: 'ИП Иванов Иван Иванович',
  physical: 'Иванов Иван Иванович',
};

type Field = 'type' | 'name' | 'inn' | 'kpp';
type Values = { type: LegalType; name: string; inn: string; kpp: string };
type FieldErrors = Partial<Record<Field, string>>;

const innError = (values: Values) => (values.inn ? innProblem(values.inn, values.type) : EMPTY_FIELD);

function kppError(values: Values) {
  if (values.type !== 'juridical') return undefined;
  if (!values.kpp) return KPP_REQUIRED;
  return isKpp(values.kpp) ? undefined : KPP_MESSAGE;
}

/** The form's rules, the same as the contract's `legalDetailsSchema`. */
function validate(values: Values): FieldErrors {
  const name = values.name.trim();
  return {
    name: !name ? EMPTY_FIELD : name.length > MAX_LEGAL_NAME ? tooLong(MAX_LEGAL_NAME) : undefined,
    inn: innError(values),
    kpp: kppError(values),
  };
}

const valuesOf = (legal: TeamLegal): Values => ({
  type: legal?.type ?? 'juridical',
  name: legal?.name ?? '',
  inn: legal?.inn ?? '',
  kpp: legal?.kpp ?? '',
});

/**
 * /profile/settings/legal (issue 35, decisions D6): the team's legal details, the owner's only. Who places the ads
 * (a company, an individual entrepreneur or a person), its name, ИНН and a company's КПП: they go to the ОРД when an
 * ad is registered.
 */
export function LegalScreen() {
  const legal = useTeamLegal();
  return (
    <>
      <ScreenHeader title="Юридические данные" back={{ to: '/profile/settings' }} />
      {legal.isPending ? (
        <ScreenMain className="items-center justify-center px-4 py-12">
          <Spinner />
        </ScreenMain>
      ) : legal.isError ? (
        <ScreenMain className="px-4">
          <ErrorState error={legal.error} onRetry={() => void legal.refetch()} />
        </ScreenMain>
      ) : (
        <LegalForm initial={valuesOf(legal.data)} />
      )}
    </>
  );
}

function LegalForm({ initial }: { initial: Values }) {
  const navigate = useNavigate();
  const save = useSaveTeamLegal();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const changed =
    values.type !== initial.type ||
    values.name.trim() !== initial.name ||
    values.inn !== initial.inn ||
    (values.type === 'juridical' && values.kpp !== initial.kpp);
  // Field errors show under their fields; anything else above 'Сохранить'.
  const serverProblem =
    save.isError && !(isApiError(save.error) && save.error.fieldErrors)
      ? errorMessage(save.error)
      : undefined;

  const change = (next: Values, field: Field) => {
    setValues(next);
    // Once the user has tried to save, the messages follow what they type.
    if (submitted) setErrors(validate(next));
    else if (field === 'type') {
      // Another type asks another length of the ИНН: a shown message is checked again, КПП's goes with the field.
      setErrors((old) => ({
        ...old,
        type: undefined,
        inn: old.inn ? innError(next) : undefined,
        kpp: undefined,
      }));
    } else setErrors((old) => ({ ...old, [field]: undefined }));
    if (save.isError) save.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const first = (['name', 'inn', 'kpp'] as const).find((field) => found[field]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const body: LegalDetails = {
      type: values.type,
      name: values.name.trim(),
      inn: values.inn,
      ...(values.type === 'juridical' ? { kpp: values.kpp } : {}),
    };
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess('Юридические данные сохранены');
        // Saved: nothing is lost by leaving, so no question.
        void navigate({ to: '/profile/settings', ignoreBlocker: true });
      },
      onError: (error) => {
        const fields = isApiError(error) ? error.fieldErrors : undefined;
        if (!fields) return;
        const message = (field: Field) => fields[field]?.join(' ') || undefined;
        setErrors({ type: message('type'), name: message('name'), inn: message('inn'), kpp: message('kpp') });
      },
    });
  };

  return (
    <ScreenMain className="px-4 py-4">
      <UnsavedChangesPrompt when={changed} />
      <form noValidate onSubmit={submit} className="flex flex-1 flex-col gap-5">
        <p className="text-muted-foreground text-sm">
          Кто размещает рекламу: эти данные уходят в ОРД при регистрации рекламы.
        </p>

        <fieldset
          aria-describedby={errors.type ? 'legal-type-error' : undefined}
          className="flex flex-col gap-2"
        >
          <legend className="mb-2 font-medium">Тип</legend>
          <div className="flex min-w-0 rounded-lg bg-muted p-1">
            {legalTypes.map((type) => (
              <label
                key={type}
                className={cn(
                  'flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-md px-2 font-medium text-sm transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  values.type === type ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground',
                )}
              >
                <input
                  type="radio"
                  name="type"
                  value={type}
                  checked={values.type === type}
                  onChange={() => change({ ...values, type }, 'type')}
                  className="sr-only"
                />
                {legalTypeNames[type]}
              </label>
            ))}
          </div>
          <FieldError id="legal-type-error" message={errors.type} />
        </fieldset>

        <FormField label="Название" error={errors.name}>
          {(ids) => (
            <Input
              id={ids.control}
              name="name"
              value={values.name}
              placeholder={namePlaceholders[values.type]}
              onChange={(event) => change({ ...values, name: event.target.value }, 'name')}
              autoComplete="organization"
              enterKeyHint="next"
              maxLength={MAX_LEGAL_NAME}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={ids.describedBy}
            />
          )}
        </FormField>

        <FormField label="ИНН" hint={values.type === 'juridical' ? '10 цифр' : '12 цифр'} error={errors.inn}>
          {(ids) => (
            <Input
              id={ids.control}
              name="inn"
              value={values.inn}
              inputMode="numeric"
              autoComplete="off"
              enterKeyHint={values.type === 'juridical' ? 'next' : 'done'}
              maxLength={values.type === 'juridical' ? 10 : 12}
              onChange={(event) => change({ ...values, inn: event.target.value.replace(/\s/g, '') }, 'inn')}
              onBlur={() => {
                if (values.inn) setErrors((old) => ({ ...old, inn: innError(values) }));
              }}
              aria-invalid={errors.inn ? true : undefined}
              aria-describedby={ids.describedBy}
            />
          )}
        </FormField>

        {values.type === 'juridical' ? (
          <FormField label="КПП" hint="9 знаков, например 770101001" error={errors.kpp}>
            {(ids) => (
              <Input
                id={ids.control}
                name="kpp"
                value={values.kpp}
                inputMode="numeric"
                autoComplete="off"
                autoCapitalize="characters"
                enterKeyHint="done"
                maxLength={9}
                onChange={(event) =>
                  change({ ...values, kpp: event.target.value.replace(/\s/g, '').toUpperCase() }, 'kpp')
                }
                onBlur={() => {
                  if (values.kpp) setErrors((old) => ({ ...old, kpp: kppError(values) }));
                }}
                aria-invalid={errors.kpp ? true : undefined}
                aria-describedby={ids.describedBy}
              />
            )}
          </FormField>
        ) : null}

        {serverProblem ? (
          <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-4">
            {serverProblem}
          </p>
        ) : null}

        <div className="mt-auto flex flex-col gap-2 pt-4">
          <Button type="submit" size="lg" disabled={save.isPending}>
            {save.isPending ? 'Сохраняем…' : 'Сохранить'}
          </Button>
        </div>
      </form>
    </ScreenMain>
  );
}
