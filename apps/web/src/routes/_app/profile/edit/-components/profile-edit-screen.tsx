import type { CurrentUser } from '@addesk/contract';
import { EMPTY_FIELD, MAX_NAME_LENGTH, tooLong } from '@addesk/contract/plain';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { UnsavedChangesPrompt } from '@/components/app/unsaved-changes-prompt';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { isApiError } from '@/lib/api-client';
import { errorMessage, notifySuccess } from '@/lib/notify';

/** Spec §5 and the contract's rule for names (`employeeNameUpdateSchema`). */
const TOO_LONG = tooLong(MAX_NAME_LENGTH);

type Field = 'firstName' | 'secondName';
type FieldErrors = Partial<Record<Field, string>>;

function validate(values: Record<Field, string>): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.firstName.trim()) errors.firstName = EMPTY_FIELD;
  else if (values.firstName.trim().length > MAX_NAME_LENGTH) errors.firstName = TOO_LONG;
  if (values.secondName.trim().length > MAX_NAME_LENGTH) errors.secondName = TOO_LONG;
  return errors;
}

/**
 * /profile/edit (spec §2.11, decisions D2): the avatar with initials and the editable 'Имя' and 'Фамилия'.
 * Saving sends the version it read; when someone changed the profile meanwhile (409) the fresh version replaces
 * the form and the server's message says so.
 */
export function ProfileEditScreen() {
  const { data: user } = useCurrentUser();
  // Here, not in the form: the form starts afresh after a conflict, and the save's callbacks must still run.
  const update = useUpdateProfile();
  const [conflict, setConflict] = useState<string>();
  if (!user) return null; // The signed-in layout is already on its way to /auth.
  return (
    <>
      <ScreenHeader title="Редактирование профиля" back={{ to: '/profile' }} />
      {/* A new version of the user (after a conflict) starts the form afresh from it. */}
      <ProfileEditForm
        key={user.version}
        user={user}
        update={update}
        conflict={conflict}
        onConflict={setConflict}
      />
    </>
  );
}

function ProfileEditForm({
  user,
  update,
  conflict,
  onConflict,
}: {
  user: CurrentUser;
  update: ReturnType<typeof useUpdateProfile>;
  conflict: string | undefined;
  onConflict: (message: string | undefined) => void;
}) {
  const navigate = useNavigate();
  const firstNameId = useId();
  const secondNameId = useId();
  const [values, setValues] = useState({ firstName: user.firstName, secondName: user.secondName });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const fullName = [values.firstName.trim(), values.secondName.trim()].filter(Boolean).join(' ');
  const changed = values.firstName.trim() !== user.firstName || values.secondName.trim() !== user.secondName;
  // Field errors show under their fields, a conflict above the form; anything else here.
  const serverProblem =
    update.isError &&
    !(isApiError(update.error) && (update.error.fieldErrors || update.error.code === 'VERSION_CONFLICT'))
      ? errorMessage(update.error)
      : undefined;

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once the user has tried to save, the messages follow what they type.
    if (submitted) setErrors(validate(next));
    else setErrors((old) => ({ ...old, [field]: undefined }));
    if (update.isError) update.reset();
    onConflict(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    if (found.firstName || found.secondName) {
      document.getElementById(found.firstName ? firstNameId : secondNameId)?.focus();
      return;
    }
    update.mutate(
      {
        id: user.id,
        firstName: values.firstName.trim(),
        secondName: values.secondName.trim(),
        version: user.version,
      },
      {
        onSuccess: () => {
          notifySuccess('Профиль сохранён');
          // Saved: nothing is lost by leaving, so no question.
          void navigate({ to: '/profile', ignoreBlocker: true });
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.code === 'VERSION_CONFLICT') onConflict(error.message);
          const fields = error.fieldErrors;
          if (fields) setErrors({ firstName: fields.firstName?.[0], secondName: fields.secondName?.[0] });
        },
      },
    );
  };

  return (
    <ScreenMain className="px-4 pt-6">
      <UnsavedChangesPrompt when={changed} />
      <form noValidate onSubmit={submit} className="flex flex-1 flex-col gap-5">
        <div className="flex justify-center">
          <Avatar name={fullName || user.firstName} src={user.iconLink} size="xl" decorative />
        </div>

        {conflict ? (
          <p role="status" className="rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm">
            {conflict}
          </p>
        ) : null}

        <NameField
          id={firstNameId}
          label="Имя"
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={(value) => change('firstName', value)}
        />
        <NameField
          id={secondNameId}
          label="Фамилия"
          name="secondName"
          autoComplete="family-name"
          value={values.secondName}
          error={errors.secondName}
          onChange={(value) => change('secondName', value)}
        />

        {serverProblem ? (
          <p role="alert" className="rounded-xl border border-destructive/40 bg-destructive/10 p-4">
            {serverProblem}
          </p>
        ) : null}

        <div className="mt-auto flex flex-col gap-2 pt-4">
          <Button type="submit" size="lg" disabled={update.isPending || !changed}>
            {update.isPending ? 'Сохраняем…' : 'Сохранить'}
          </Button>
        </div>
      </form>
    </ScreenMain>
  );
}

function NameField({
  id,
  label,
  name,
  autoComplete,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  name: string;
  autoComplete: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <Input
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        autoCapitalize="words"
        enterKeyHint="done"
        maxLength={MAX_NAME_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
