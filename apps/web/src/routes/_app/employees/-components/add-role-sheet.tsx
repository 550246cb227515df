import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { LoadMore } from '@/components/ui/load-more';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { useChannelPages } from '@/features/channels/api/get-channels';
import { useAssignOnChannel } from '@/features/employees/api/assign-on-channel';
import { useChannelRoles } from '@/features/employees/api/get-channel-roles';
import { RoleTermsFields } from '@/features/employees/components/terms-fields';
import {
  type RoleOnChannelForm,
  type RoleOnChannelFormValues,
  roleOnChannelFormSchema,
} from '@/features/employees/lib/employee-forms';
import { setServerFieldErrors, sortServerFieldErrors } from '@/lib/form-errors';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';

const emptyRole: RoleOnChannelFormValues = {
  channelId: null,
  roleId: null,
  salaryTypeId: null,
  rate: '',
  conditions: '',
};

/** The server names the body's fields; the form calls the role `roleId`. */
const formFieldOf: Record<string, keyof RoleOnChannelFormValues> = {
  channelId: 'channelId',
  employeeChannelRoleId: 'roleId',
  salaryTypeId: 'salaryTypeId',
  rate: 'rate',
  conditions: 'conditions',
};

const choiceClass = (checked: boolean) =>
  cn(
    'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 hover:bg-accent',
    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
    checked && 'bg-accent font-semibold',
  );

/**
 * 'Добавить роль' on the employee page (what the role picker's note promises): a channel of the team, a role, its
 * salary type and the conditions. The same role on the same channel again updates its terms.
 */
export function AddRoleSheet({
  employeeId,
  open,
  onOpenChange,
  onAdded,
}: {
  employeeId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After 'Роль добавлена' (the sheet has closed). */
  onAdded?: () => void;
}) {
  const channels = useChannelPages();
  const roles = useChannelRoles();
  const assign = useAssignOnChannel();
  const form = useForm<RoleOnChannelFormValues, unknown, RoleOnChannelForm>({
    resolver: zodResolver(roleOnChannelFormSchema),
    mode: 'onTouched',
    defaultValues: emptyRole,
  });
  const { errors, isValid } = form.formState;
  const channelId = useWatch({ control: form.control, name: 'channelId' });
  const roleId = useWatch({ control: form.control, name: 'roleId' });
  const salaryTypeId = useWatch({ control: form.control, name: 'salaryTypeId' });
  const chooseSalaryType = useCallback(
    (next: number | null) => form.setValue('salaryTypeId', next, { shouldValidate: true, shouldDirty: true }),
    [form],
  );
  const allChannels = channels.data?.pages.flatMap((page) => page.items) ?? [];

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset(emptyRole);
      assign.reset();
    }
  };

  const submit = form.handleSubmit((values) => {
    if (assign.isPending) return;
    assign.mutate(
      {
        employeeId,
        channelId: values.channelId,
        employeeChannelRoleId: values.roleId,
        salaryTypeId: values.salaryTypeId,
        rate: values.rate,
        conditions: values.conditions,
      },
      {
        onSuccess: () => {
          close(false);
          notifySuccess('Роль добавлена');
          onAdded?.();
        },
        onError: (error) => setServerFieldErrors(error, form.setError, formFieldOf),
      },
    );
  });

  const unplaced = sortServerFieldErrors(assign.error, formFieldOf).placed.length === 0;

  return (
    <Sheet open={open} onOpenChange={close}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Новая роль</SheetTitle>
          <SheetDescription>
            Если у сотрудника уже есть эта роль на канале, её условия обновятся.
          </SheetDescription>
        </SheetHeader>
        <form noValidate onSubmit={submit} className="flex min-h-0 flex-col">
          <div className="flex flex-col gap-5 overflow-y-auto px-5 py-2">
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-2 font-medium">Канал</legend>
              {channels.isPending ? (
                <span aria-hidden="true" className="block h-12 animate-pulse rounded-lg bg-muted" />
              ) : null}
              {channels.isError && allChannels.length === 0 ? (
                <p role="alert" className="text-destructive text-sm">
                  {errorMessage(channels.error)}
                </p>
              ) : null}
              {channels.isSuccess && allChannels.length === 0 ? (
                <p className="text-muted-foreground text-sm">У вас пока нет каналов</p>
              ) : null}
              {allChannels.map((channel) => (
                <label key={channel.id} className={choiceClass(channelId === channel.id)}>
                  <input
                    type="radio"
                    name="channelId"
                    value={channel.id}
                    checked={channelId === channel.id}
                    onChange={() =>
                      form.setValue('channelId', channel.id, {
                        shouldValidate: true,
                        shouldTouch: true,
                        shouldDirty: true,
                      })
                    }
                    className="size-5 shrink-0 accent-primary"
                  />
                  <Avatar name={channel.name} src={channel.iconLink} size="sm" decorative />
                  <span className="min-w-0 flex-1 truncate">{channel.name}</span>
                </label>
              ))}
              <LoadMore query={channels} variant="ghost" />
              <FieldError message={errors.channelId?.message} />
            </fieldset>

            <fieldset className="flex flex-col gap-1">
              <legend className="mb-2 font-medium">Роль</legend>
              {roles.isPending ? (
                <span aria-hidden="true" className="block h-12 animate-pulse rounded-lg bg-muted" />
              ) : null}
              {roles.isError ? (
                <p role="alert" className="text-destructive text-sm">
                  {errorMessage(roles.error)}
                </p>
              ) : null}
              {roles.data?.map((role) => (
                <label key={role.id} className={choiceClass(roleId === role.id)}>
                  <input
                    type="radio"
                    name="roleId"
                    value={role.id}
                    checked={roleId === role.id}
                    onChange={() => {
                      form.setValue('roleId', role.id, {
                        shouldValidate: true,
                        shouldTouch: true,
                        shouldDirty: true,
                      });
                      form.setValue('salaryTypeId', null, { shouldValidate: true });
                    }}
                    className="size-5 shrink-0 accent-primary"
                  />
                  <span className="min-w-0 flex-1">{role.name}</span>
                </label>
              ))}
              <FieldError message={errors.roleId?.message} />
            </fieldset>

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

            {assign.isError && unplaced ? (
              <p role="alert" className="text-destructive text-sm">
                {errorMessage(assign.error)}
              </p>
            ) : null}
          </div>
          <SheetFooter>
            <Button type="submit" size="lg" disabled={!isValid || assign.isPending}>
              {assign.isPending ? 'Сохраняем…' : 'Добавить роль'}
            </Button>
          </SheetFooter>
        </form>
      </SheetContent>
    </Sheet>
  );
}
