import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { UnsavedChangesPrompt } from '@/components/app/unsaved-changes-prompt';
import { BottomBar } from '@/components/ui/bottom-bar';
import { Button } from '@/components/ui/button';
import { ScreenHeader } from '@/components/ui/screen-header';
import { useChannel } from '@/features/channels/api/get-channel';
import { useAddChannelEmployee } from '@/features/employees/api/add-channel-employee';
import { useChannelRoles } from '@/features/employees/api/get-channel-roles';
import { employeeQueryOptions } from '@/features/employees/api/get-employee';
import { CredentialsFields, RoleTermsFields } from '@/features/employees/components/terms-fields';
import { type CardDraft, type CardPerson, cardDraftOf } from '@/features/employees/lib/add-employee-draft';
import {
  cardFieldOfServerField,
  type EmployeeCardForm,
  type EmployeeCardFormValues,
  employeeCardFormSchema,
  emptyEmployeeCard,
} from '@/features/employees/lib/employee-forms';
import { fullName } from '@/features/employees/lib/names';
import { setServerFieldErrors } from '@/lib/form-errors';
import { AddProblem } from './add-problem';
import { CardSummary } from './card-summary';
import type { AddedEmployee } from './employee-added-step';
import { PaymentTypeField } from './payment-type-field';
import { RoleField } from './role-field';
import { RolePickerSheet } from './role-picker-sheet';

const FORM_ID = 'employee-card-form';

/**
 * Step 3 (spec §2.10, §4, §5): the employee and the channel, the role (picked in a sheet; clearing it reopens the
 * sheet), the salary type of that role (the first preselected, a toggle when there are several), the conditions and
 * the requisites. 'Добавить сотрудника' stays disabled until everything required is filled, and sends it all in one
 * call whose requestId (made when the card opens) keeps a second press from adding the person twice.
 */
export function EmployeeCardStep({
  channelId,
  person,
  initial,
  onChange,
  onAdded,
}: {
  channelId: number;
  person: CardPerson;
  /** The card as typed before a reload. */
  initial: CardDraft | undefined;
  /** Everything typed, for the flow's draft. */
  onChange: (card: CardDraft) => void;
  onAdded: (added: AddedEmployee) => void;
}) {
  const id = String(channelId);
  const [requestId] = useState(() => crypto.randomUUID());
  const member = useQuery({
    ...employeeQueryOptions(person.kind === 'member' ? person.id : 0),
    enabled: person.kind === 'member',
  });
  const channel = useChannel(channelId);
  const roles = useChannelRoles();
  const add = useAddChannelEmployee();
  const sending = useRef(false);

  const form = useForm<EmployeeCardFormValues, unknown, EmployeeCardForm>({
    resolver: zodResolver(employeeCardFormSchema),
    mode: 'onTouched',
    defaultValues: { ...emptyEmployeeCard, ...initial },
  });
  const { errors, isValid } = form.formState;
  const roleId = useWatch({ control: form.control, name: 'roleId' });
  const salaryTypeId = useWatch({ control: form.control, name: 'salaryTypeId' });
  const paymentMethodTypeId = useWatch({ control: form.control, name: 'paymentMethodTypeId' });
  const [pickerOpen, setPickerOpen] = useState(false);
  const conditions = useWatch({ control: form.control, name: 'conditions' });
  const rate = useWatch({ control: form.control, name: 'rate' });
  const credentials = useWatch({ control: form.control, name: 'credentials' });
  const description = useWatch({ control: form.control, name: 'description' });
  useEffect(
    () =>
      onChange(
        cardDraftOf({
          roleId,
          salaryTypeId,
          rate,
          conditions,
          paymentMethodTypeId,
          credentials,
          description,
        }),
      ),
    [roleId, salaryTypeId, rate, conditions, paymentMethodTypeId, credentials, description, onChange],
  );
  const typed =
    roleId !== null ||
    paymentMethodTypeId !== null ||
    [conditions, credentials, description].some((value) => value?.trim());
  const missingId = useId();
  // Why the button is disabled, before the user has visited every field.
  const missing = [
    roleId === null && 'роль',
    !conditions.trim() && 'условия',
    paymentMethodTypeId === null && 'способ оплаты',
    !credentials.trim() && 'реквизиты',
  ].filter((item): item is string => Boolean(item));

  const personName = person.kind === 'new' ? person.draft.name : member.data ? fullName(member.data) : '';
  const personIcon =
    person.kind === 'new' ? (person.draft.telegram?.imageLink ?? null) : (member.data?.iconLink ?? null);
  const personReady = person.kind === 'new' || member.isSuccess;

  const chooseRole = (next: number) => {
    form.setValue('roleId', next, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
    // The salary types of the new role are loaded and the first one chosen (see SalaryTypeField).
    if (next !== roleId) form.setValue('salaryTypeId', null, { shouldValidate: true });
    setPickerOpen(false);
  };
  const chooseSalaryType = useCallback(
    (next: number | null) => form.setValue('salaryTypeId', next, { shouldValidate: true, shouldDirty: true }),
    [form],
  );
  // Spec §4: a role is required; clearing it reopens the picker.
  const clearRole = () => {
    form.setValue('roleId', null, { shouldValidate: true, shouldTouch: true, shouldDirty: true });
    form.setValue('salaryTypeId', null, { shouldValidate: true });
    setPickerOpen(true);
  };

  const submit = form.handleSubmit((values) => {
    // Two presses in a row reach this point one after the other: only the first sends (the requestId would make a
    // second request harmless anyway).
    if (sending.current || !personReady) return;
    sending.current = true;
    add.mutate(
      {
        channelId,
        body: {
          requestId,
          employee:
            person.kind === 'member'
              ? { id: person.id }
              : {
                  name: person.draft.name,
                  ...(person.draft.telegramNickName
                    ? { telegramNickName: person.draft.telegramNickName }
                    : {}),
                },
          roleId: values.roleId,
          salaryTypeId: values.salaryTypeId,
          ...(values.rate === undefined ? {} : { rate: values.rate }),
          conditions: values.conditions,
          paymentMethod: {
            paymentMethodTypeId: values.paymentMethodTypeId,
            credentials: values.credentials,
            ...(values.description ? { description: values.description } : {}),
          },
        },
      },
      {
        onSuccess: ({ employeeId }) =>
          onAdded({
            employeeId,
            name: personName,
            iconLink: personIcon,
            channelName: channel.data?.name ?? '',
            roleName: roles.data?.find((role) => role.id === values.roleId)?.name ?? '',
          }),
        onError: (error) => setServerFieldErrors(error, form.setError, cardFieldOfServerField),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  });

  return (
    <>
      <ScreenHeader
        title="Карточка сотрудника"
        back={
          person.kind === 'new'
            ? { to: '/channels/$id/employees/add', params: { id }, search: { step: 'new' } }
            : { to: '/channels/$id/employees/add', params: { id } }
        }
      />
      <main className="flex flex-1 flex-col px-4 pt-4 pb-4">
        <form id={FORM_ID} noValidate onSubmit={submit} className="flex flex-col gap-6">
          <CardSummary
            channelId={channelId}
            person={person}
            member={member}
            channel={channel}
            personName={personName}
            personIcon={personIcon}
          />

          <RoleField
            roles={roles}
            roleId={roleId}
            error={errors.roleId?.message}
            onOpen={() => setPickerOpen(true)}
            onClear={clearRole}
          />

          <RoleTermsFields
            roleId={roleId}
            salaryTypeId={salaryTypeId}
            onSalaryType={chooseSalaryType}
            rate={form.register('rate')}
            conditions={form.register('conditions')}
            errors={{
              salaryTypeId: errors.salaryTypeId?.message,
              rate: errors.rate?.message,
              conditions: errors.conditions?.message,
            }}
          />

          <fieldset className="flex flex-col gap-5">
            <legend className="mb-3 font-semibold text-lg">Реквизиты</legend>
            <PaymentTypeField
              value={paymentMethodTypeId}
              error={errors.paymentMethodTypeId?.message}
              onChange={(next) =>
                form.setValue('paymentMethodTypeId', next, {
                  shouldValidate: true,
                  shouldTouch: true,
                  shouldDirty: true,
                })
              }
              onBlur={() => {
                if (form.getValues('paymentMethodTypeId') === null) {
                  form.setValue('paymentMethodTypeId', null, { shouldValidate: true, shouldTouch: true });
                }
              }}
            />
            <CredentialsFields
              credentials={form.register('credentials')}
              description={form.register('description')}
              errors={{ credentials: errors.credentials?.message, description: errors.description?.message }}
            />
          </fieldset>

          {add.isError ? <AddProblem error={add.error} /> : null}
        </form>
      </main>
      <BottomBar>
        <Button
          type="submit"
          form={FORM_ID}
          size="lg"
          disabled={!isValid || !personReady || add.isPending}
          aria-describedby={missing.length > 0 ? missingId : undefined}
        >
          {add.isPending ? 'Добавляем…' : 'Добавить сотрудника'}
        </Button>
        {missing.length > 0 ? (
          <p id={missingId} className="text-center text-muted-foreground text-sm">
            Заполните: {missing.join(', ')}
          </p>
        ) : null}
      </BottomBar>
      <UnsavedChangesPrompt when={(typed || person.kind === 'new') && !add.isSuccess} />
      <RolePickerSheet
        open={pickerOpen}
        onOpenChange={(open) => {
          setPickerOpen(open);
          // Closed without a choice: the field has been visited, and says it is required.
          if (!open && form.getValues('roleId') === null) {
            form.setValue('roleId', null, { shouldValidate: true, shouldTouch: true });
          }
        }}
        roles={roles}
        value={roleId}
        onConfirm={chooseRole}
      />
    </>
  );
}
