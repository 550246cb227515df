import type { DealKind } from '@addesk/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEventHandler, type ReactNode, useEffect } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { channelsQueryOptions } from '@/features/channels/api/get-channels';
import { teamPagesQueryOptions } from '@/features/employees/api/get-team';
import { cn } from '@/lib/utils';
import { useAdvertisementFormats } from '../../api/get-advertisement-formats';
import { useAdvertisementTypes } from '../../api/get-advertisement-types';
import { useDealStatuses } from '../../api/get-statuses';
import { dealKindTexts } from '../../lib/kinds';
import { CounterpartPicker } from './counterpart-picker';
import { DatePicker, TimePicker } from './date-time-pickers';
import {
  type DealFormField,
  type DealFormValues,
  dealFormRules,
  type KnownLabels,
  parseCost,
  parseDuration,
  parseHoursInTop,
  validateWith,
} from './deal-form-values';
import { DurationField } from './duration-field';
import { Field, formInputClass } from './field';
import { counterpartTexts, formTexts } from './form-texts';
import { OptionPicker } from './option-picker';

export type DealFormMode = 'new' | 'view' | 'edit';

/** Channels and people the pickers offer at once (the API's page limit). */
const OPTIONS_LIMIT = 200;

export type DealFormProps = {
  kind: DealKind;
  mode: DealFormMode;
  form: UseFormReturn<DealFormValues>;
  /** The id the submit button (outside, in the bottom bar) refers to. */
  id: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Names the loaded deal gives for its values, shown while the option lists load. */
  known?: KnownLabels | undefined;
};

/**
 * The one form of sales and purchases (spec §2.8/§2.9 with decisions D2): every field of a deal, each picked in a
 * bottom sheet or typed. The kind changes texts (lib/kinds.ts), API names (`dealFields`) and whether there is an ad
 * type (`dealFormRules`); nothing else. In view mode every control is disabled by the surrounding fieldset.
 */
export function DealForm({ kind, mode, form, id, onSubmit, known }: DealFormProps) {
  const t = dealKindTexts[kind];
  const rules = dealFormRules[kind];
  const readOnly = mode === 'view';
  const { control, formState, setValue } = form;
  const errors = formState.errors;
  const errorOf = (field: DealFormField) => errors[field]?.message;

  // The option lists are asked for only when something may be chosen; in view mode the deal names its values.
  const enabled = !readOnly;
  const channels = useQuery({ ...channelsQueryOptions({ limit: OPTIONS_LIMIT }), enabled });
  const team = useInfiniteQuery({ ...teamPagesQueryOptions(OPTIONS_LIMIT), enabled });
  const formats = useAdvertisementFormats(kind, { enabled });
  const types = useAdvertisementTypes({ enabled: enabled && rules.advertisementType });
  const statuses = useDealStatuses(kind, { enabled });

  // A new purchase starts in the first purchase status (decisions D2).
  const statusId = useWatch({ control, name: 'statusId' });
  const firstStatus = statuses.data?.[0]?.id;
  useEffect(() => {
    if (mode === 'new' && rules.defaultFirstStatus && statusId === null && firstStatus !== undefined) {
      setValue('statusId', firstStatus);
    }
  }, [mode, rules.defaultFirstStatus, statusId, firstStatus, setValue]);

  const channelOptions = channels.data?.items.map((channel) => ({
    id: channel.id,
    name: channel.name,
    hint: `@${channel.telegramNickName}`,
    iconLink: channel.iconLink,
  }));
  const managerOptions = team.data?.pages
    .flatMap((page) => page.items)
    .map((member) => ({
      id: member.id,
      name: `${member.firstName} ${member.secondName}`.trim(),
      iconLink: member.iconLink,
    }));

  return (
    <form id={id} noValidate onSubmit={onSubmit} className="flex flex-1 flex-col">
      <fieldset disabled={readOnly} className="m-0 flex min-w-0 flex-col gap-6 border-0 px-4 pt-4 pb-6">
        <Section title={formTexts.sections.placement}>
          <Controller
            control={control}
            name="channelId"
            render={({ field }) => (
              <Field label={formTexts.channel} error={errorOf('channelId')}>
                {(ids) => (
                  <OptionPicker
                    ids={ids}
                    title={formTexts.channel}
                    placeholder={formTexts.channelPlaceholder}
                    options={channelOptions}
                    pending={channels.isPending}
                    error={channels.error}
                    onRetry={() => void channels.refetch()}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={Boolean(errorOf('channelId'))}
                    avatars
                    fallback={known?.channel}
                    emptyText={formTexts.channelsEmpty}
                    readOnly={readOnly}
                  />
                )}
              </Field>
            )}
          />
          <Controller
            control={control}
            name="adFormatId"
            render={({ field }) => (
              <Field label={formTexts.format} error={errorOf('adFormatId')}>
                {(ids) => (
                  <OptionPicker
                    ids={ids}
                    title={formTexts.format}
                    placeholder={formTexts.formatPlaceholder}
                    options={formats.data}
                    pending={formats.isPending}
                    error={formats.error}
                    onRetry={() => void formats.refetch()}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={Boolean(errorOf('adFormatId'))}
                    fallback={known?.format ? { name: known.format } : undefined}
                    readOnly={readOnly}
                  />
                )}
              </Field>
            )}
          />
          {rules.advertisementType ? (
            <Controller
              control={control}
              name="adTypeId"
              render={({ field }) => (
                <Field label={formTexts.type} error={errorOf('adTypeId')}>
                  {(ids) => (
                    <OptionPicker
                      ids={ids}
                      title={formTexts.type}
                      placeholder={formTexts.typePlaceholder}
                      options={types.data}
                      pending={types.isPending}
                      error={types.error}
                      onRetry={() => void types.refetch()}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      invalid={Boolean(errorOf('adTypeId'))}
                      fallback={known?.type ? { name: known.type } : undefined}
                      readOnly={readOnly}
                    />
                  )}
                </Field>
              )}
            />
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            <Controller
              control={control}
              name="placementDate"
              render={({ field }) => (
                <Field label={formTexts.placementDate} error={errorOf('placementDate')}>
                  {(ids) => (
                    <DatePicker
                      ids={ids}
                      title={formTexts.placementDate}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      invalid={Boolean(errorOf('placementDate'))}
                    />
                  )}
                </Field>
              )}
            />
            <Controller
              control={control}
              name="placementTime"
              render={({ field }) => (
                <Field label={formTexts.placementTime} error={errorOf('placementTime')}>
                  {(ids) => (
                    <TimePicker
                      ids={ids}
                      title={formTexts.placementTime}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      invalid={Boolean(errorOf('placementTime'))}
                    />
                  )}
                </Field>
              )}
            />
          </div>
          <Controller
            control={control}
            name="hoursInTop"
            rules={{ validate: validateWith(parseHoursInTop) }}
            render={({ field }) => (
              <Field label={formTexts.hoursInTop} error={errorOf('hoursInTop')}>
                {(ids) => (
                  <Input
                    id={ids.control}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputMode="numeric"
                    autoComplete="off"
                    aria-invalid={errorOf('hoursInTop') ? true : undefined}
                    aria-describedby={ids.describedBy}
                    className={formInputClass}
                  />
                )}
              </Field>
            )}
          />
          <Controller
            control={control}
            name="duration"
            rules={{
              // Checked only while a number is asked for: 'Без удаления' has none.
              validate: (text, values) =>
                values.durationType === 'INFINITY' ? true : validateWith(parseDuration)(text),
            }}
            render={({ field }) => (
              <Controller
                control={control}
                name="durationType"
                render={({ field: typeField }) => (
                  <DurationField
                    type={typeField.value}
                    duration={field.value}
                    onTypeChange={(type) => {
                      typeField.onChange(type);
                      // Spec §4: choosing 'Без удаления' sets the duration to 0.
                      if (type === 'INFINITY') {
                        setValue('duration', '0', { shouldDirty: true, shouldValidate: true });
                      }
                    }}
                    onDurationChange={field.onChange}
                    onDurationBlur={field.onBlur}
                    durationError={errorOf('duration')}
                    typeError={errorOf('durationType')}
                    readOnly={readOnly}
                  />
                )}
              />
            )}
          />
        </Section>

        <Section title={formTexts.sections.counterpart}>
          <Controller
            control={control}
            name="channelContact"
            render={({ field }) => (
              <Field label={counterpartTexts.externalChannels.label} error={errorOf('channelContact')}>
                {(ids) => (
                  <CounterpartPicker
                    kind={kind}
                    list="externalChannels"
                    ids={ids}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={Boolean(errorOf('channelContact'))}
                    readOnly={readOnly}
                  />
                )}
              </Field>
            )}
          />
          <Controller
            control={control}
            name="adminContact"
            render={({ field }) => (
              <Field label={counterpartTexts.contacts.label} error={errorOf('adminContact')}>
                {(ids) => (
                  <CounterpartPicker
                    kind={kind}
                    list="contacts"
                    ids={ids}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={Boolean(errorOf('adminContact'))}
                    allowName
                    readOnly={readOnly}
                  />
                )}
              </Field>
            )}
          />
        </Section>

        <Section title={formTexts.sections.deal}>
          <Controller
            control={control}
            name="cost"
            rules={{ validate: validateWith(parseCost) }}
            render={({ field }) => (
              <Field label={formTexts.cost} error={errorOf('cost')}>
                {(ids) => (
                  <div className="relative">
                    <Input
                      id={ids.control}
                      name={field.name}
                      ref={field.ref}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      inputMode="decimal"
                      autoComplete="off"
                      aria-invalid={errorOf('cost') ? true : undefined}
                      aria-describedby={ids.describedBy}
                      className={cn('pr-14', formInputClass)}
                    />
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted-foreground"
                    >
                      руб
                    </span>
                  </div>
                )}
              </Field>
            )}
          />
          <Controller
            control={control}
            name="statusId"
            render={({ field }) => (
              <Field label={formTexts.status} error={errorOf('statusId')}>
                {(ids) => (
                  <OptionPicker
                    ids={ids}
                    title={formTexts.status}
                    placeholder={formTexts.statusPlaceholder}
                    options={statuses.data}
                    pending={statuses.isPending}
                    error={statuses.error}
                    onRetry={() => void statuses.refetch()}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={Boolean(errorOf('statusId'))}
                    fallback={known?.status ? { name: known.status } : undefined}
                    readOnly={readOnly}
                  />
                )}
              </Field>
            )}
          />
          <Controller
            control={control}
            name="managerId"
            render={({ field }) => (
              <Field label={t.managerLabel} error={errorOf('managerId')}>
                {(ids) => (
                  <OptionPicker
                    ids={ids}
                    title={t.managerLabel}
                    placeholder={formTexts.managerPlaceholder}
                    options={managerOptions}
                    pending={team.isPending}
                    error={team.error}
                    onRetry={() => void team.refetch()}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={Boolean(errorOf('managerId'))}
                    avatars
                    fallback={known?.manager}
                    readOnly={readOnly}
                  />
                )}
              </Field>
            )}
          />
          <Controller
            control={control}
            name="date"
            render={({ field }) => (
              <Field label={t.dateLabel} error={errorOf('date')}>
                {(ids) => (
                  <DatePicker
                    ids={ids}
                    title={t.dateLabel}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={Boolean(errorOf('date'))}
                  />
                )}
              </Field>
            )}
          />
        </Section>
      </fieldset>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-4">
      <h2 className="font-semibold text-muted-foreground text-sm uppercase tracking-wide">{title}</h2>
      {children}
    </section>
  );
}
