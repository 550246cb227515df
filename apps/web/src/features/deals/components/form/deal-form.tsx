import { type DealKind, dealNumberRules, dealVocabulary, readDealNumber } from '@addesk/contract/plain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEventHandler, type ReactNode, useEffect } from 'react';
import {
  Controller,
  type ControllerProps,
  type ControllerRenderProps,
  type UseFormReturn,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { UnsavedChangesPrompt } from '@/components/app/unsaved-changes-prompt';
import { type FieldIds, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionPicker, type OptionPickerProps } from '@/components/ui/option-picker';
import { channelsQueryOptions } from '@/features/channels';
import { teamPagesQueryOptions } from '@/features/employees';
import { SlotConflictWarning } from '@/features/schedule';
import { instantAt, zoneMark } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useAdvertisementFormats } from '../../api/get-advertisement-formats';
import { useAdvertisementTypes } from '../../api/get-advertisement-types';
import { useDealStatuses } from '../../api/get-statuses';
import { useDealAccess } from '../../lib/deal-access';
import { CounterpartPicker } from './counterpart-picker';
import { isValidDate, teamToday, toIsoDay } from './date-parts';
import { DatePicker, TimePicker } from './date-time-pickers';
import type { DealFormField, DealFormValues, KnownLabels } from './deal-form-values';
import { validateNumber } from './deal-payload';
import { DurationField } from './duration-field';
import { formInputClass } from './form-input-class';
import { counterpartTexts, formTexts } from './form-texts';

export type DealFormMode = 'new' | 'view' | 'edit';

/** Channels and people the pickers offer at once (the API's page limit). */
const OPTIONS_LIMIT = 200;

export type DealFormProps = {
  kind: DealKind;
  mode: DealFormMode;
  form: UseFormReturn<DealFormValues>;
  /** The id the submit button (outside, in the bottom bar) refers to. */
  id: string;
  /** The deal being shown or edited (its own slot is no conflict); none for a new one. */
  dealId?: number | undefined;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Names the loaded deal gives for its values, shown while the option lists load. */
  known?: KnownLabels | undefined;
};

/**
 * The one form of sales and purchases (spec §2.8/§2.9 with decisions D2): every field of a deal, each picked in a
 * bottom sheet or typed. The kind changes its words and whether there is an ad type (the contract's `dealVocabulary`);
 * nothing else. In view mode every control is disabled by the surrounding fieldset.
 */
export function DealForm({ kind, mode, form, id, dealId, onSubmit, known }: DealFormProps) {
  const { words: t, hasAdvertisementType, statusRequired, slotConflicts } = dealVocabulary[kind];
  const readOnly = mode === 'view';
  const { control, setValue, resetField } = form;
  const { errors, isDirty } = useFormState({ control });
  const [placementDate, placementTime] = useWatch({ control, name: ['placementDate', 'placementTime'] });
  // The team zone's short name where the device's clock shows another time at the placement (decisions D5).
  const placementZone = isValidDate(placementDate)
    ? zoneMark(instantAt(toIsoDay(placementDate), placementTime))
    : '';
  const errorOf = (field: DealFormField) => errors[field]?.message;

  // The option lists are asked for only when something may be chosen; in view mode the deal names its values.
  const enabled = !readOnly;
  const channels = useQuery({ ...channelsQueryOptions({ limit: OPTIONS_LIMIT }), enabled });
  const team = useInfiniteQuery({ ...teamPagesQueryOptions(OPTIONS_LIMIT), enabled });
  const formats = useAdvertisementFormats(kind, { enabled });
  const types = useAdvertisementTypes({ enabled: enabled && hasAdvertisementType });
  const statuses = useDealStatuses(kind, { enabled });

  // A new purchase starts in the first purchase status (decisions D2).
  const statusId = useWatch({ control, name: 'statusId' });
  const firstStatus = statuses.data?.[0]?.id;
  // As the default, not as a change: a form the user has not touched leaves without a question.
  useEffect(() => {
    if (mode === 'new' && !statusRequired && statusId === null && firstStatus !== undefined) {
      resetField('statusId', { defaultValue: firstStatus });
    }
  }, [mode, statusRequired, statusId, firstStatus, resetField]);

  // A new or moved deal goes only where the person's role lets them record one (docs/decisions/024).
  const { createOn } = useDealAccess(kind);
  const channelOptions = channels.data?.items
    .filter((channel) => createOn === null || createOn.includes(channel.id))
    .map((channel) => ({
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

  /** A field of the form: the value under react-hook-form, laid out with its label and error. */
  const field = <N extends DealFormField>(
    name: N,
    label: string,
    render: (field: ControllerRenderProps<DealFormValues, N>, ids: FieldIds, invalid: boolean) => ReactNode,
    rules?: ControllerProps<DealFormValues, N>['rules'],
  ) => (
    <Controller
      control={control}
      name={name}
      {...(rules ? { rules } : {})}
      render={({ field: value }) => (
        <FormField label={label} error={errorOf(name)}>
          {(ids) => render(value, ids, Boolean(errorOf(name)))}
        </FormField>
      )}
    />
  );

  /** A typed number (hours in top, cost): text while typing, parsed by the field's rule. */
  const numberInput = (
    value: ControllerRenderProps<DealFormValues, 'hoursInTop' | 'cost'>,
    ids: FieldIds,
    invalid: boolean,
    inputMode: 'numeric' | 'decimal',
    className?: string,
  ) => (
    <Input
      id={ids.control}
      name={value.name}
      ref={value.ref}
      value={value.value}
      onChange={value.onChange}
      onBlur={value.onBlur}
      inputMode={inputMode}
      autoComplete="off"
      aria-invalid={invalid ? true : undefined}
      aria-describedby={ids.describedBy}
      className={cn(className, formInputClass)}
    />
  );

  /** A field picked from one of the option lists (a reference list, the channels, the team). */
  const pickerField = (
    name: PickedField,
    label: string,
    placeholder: string,
    list: OptionList,
    options: OptionPickerProps['options'],
    extra: Pick<OptionPickerProps, 'avatars' | 'fallback' | 'emptyText'>,
  ) =>
    field(name, label, (value, ids, invalid) => (
      <OptionPicker
        ids={ids}
        title={label}
        placeholder={placeholder}
        options={options}
        pending={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        value={value.value}
        onChange={value.onChange}
        onBlur={value.onBlur}
        invalid={invalid}
        readOnly={readOnly}
        {...extra}
      />
    ));

  const dateField = (name: 'placementDate' | 'date', label: string) =>
    field(name, label, (value, ids, invalid) => (
      <DatePicker
        ids={ids}
        title={label}
        value={value.value}
        onChange={value.onChange}
        onBlur={value.onBlur}
        invalid={invalid}
      />
    ));

  return (
    <>
      {/* A new deal until it is created, an edit until it is saved or cancelled (both reset the form). */}
      <UnsavedChangesPrompt when={!readOnly && isDirty} />
      <form id={id} noValidate onSubmit={onSubmit} className="flex flex-1 flex-col">
        <fieldset disabled={readOnly} className="m-0 flex min-w-0 flex-col gap-6 border-0 px-4 pt-4 pb-6">
          <Section title={formTexts.sections.placement}>
            {pickerField(
              'channelId',
              formTexts.channel,
              formTexts.channelPlaceholder,
              channels,
              channelOptions,
              {
                avatars: true,
                fallback: known?.channel,
                emptyText: formTexts.channelsEmpty,
              },
            )}
            {pickerField('adFormatId', formTexts.format, formTexts.formatPlaceholder, formats, formats.data, {
              fallback: known?.format ? { name: known.format } : undefined,
            })}
            {hasAdvertisementType
              ? pickerField('adTypeId', formTexts.type, formTexts.typePlaceholder, types, types.data, {
                  fallback: known?.type ? { name: known.type } : undefined,
                })
              : null}
            {/* At 360 px 'Время размещения' takes two lines: the two buttons still line up. */}
            <div className="grid grid-cols-2 items-end gap-3">
              {dateField('placementDate', formTexts.placementDate)}
              {field('placementTime', formTexts.placementTime, (value, ids, invalid) => (
                <TimePicker
                  ids={ids}
                  zone={placementZone}
                  title={formTexts.placementTime}
                  value={value.value}
                  onChange={value.onChange}
                  onBlur={value.onBlur}
                  invalid={invalid}
                />
              ))}
            </div>
            {field(
              'hoursInTop',
              formTexts.hoursInTop,
              (value, ids, invalid) => numberInput(value, ids, invalid, 'numeric'),
              { validate: validateNumber(dealNumberRules.hoursInTop) },
            )}
            {slotConflicts ? <SlotWarning form={form} dealId={dealId} /> : null}
            <Controller
              control={control}
              name="duration"
              rules={{
                // Checked only while a number is asked for: 'Без удаления' has none.
                validate: (text, values) =>
                  values.durationType === 'INFINITY' ? true : validateNumber(dealNumberRules.duration)(text),
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
            {field('channelContact', counterpartTexts.externalChannels.label, (value, ids, invalid) => (
              <CounterpartPicker
                kind={kind}
                list="externalChannels"
                ids={ids}
                value={value.value}
                onChange={value.onChange}
                onBlur={value.onBlur}
                invalid={invalid}
                readOnly={readOnly}
              />
            ))}
            {field('adminContact', counterpartTexts.contacts.label, (value, ids, invalid) => (
              <CounterpartPicker
                kind={kind}
                list="contacts"
                ids={ids}
                value={value.value}
                onChange={value.onChange}
                onBlur={value.onBlur}
                invalid={invalid}
                allowName
                readOnly={readOnly}
              />
            ))}
          </Section>

          <Section title={formTexts.sections.deal}>
            {field(
              'cost',
              formTexts.cost,
              (value, ids, invalid) => (
                <div className="relative">
                  {numberInput(value, ids, invalid, 'decimal', 'pr-14')}
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted-foreground"
                  >
                    руб
                  </span>
                </div>
              ),
              { validate: validateNumber(dealNumberRules.price) },
            )}
            {pickerField('statusId', formTexts.status, formTexts.statusPlaceholder, statuses, statuses.data, {
              fallback: known?.status ? { name: known.status } : undefined,
            })}
            {pickerField('managerId', t.managerLabel, formTexts.managerPlaceholder, team, managerOptions, {
              avatars: true,
              fallback: known?.manager,
            })}
            {dateField('date', t.dateLabel)}
            {field('paymentDueDate', formTexts.paymentDueDate, (value, ids, invalid) => (
              <DatePicker
                ids={ids}
                title={formTexts.paymentDueDate}
                value={value.value}
                initial={teamToday}
                onChange={value.onChange}
                onClear={() => value.onChange(null)}
                onBlur={value.onBlur}
                placeholder={formTexts.noDueDate}
                invalid={invalid}
              />
            ))}
          </Section>
        </fieldset>
      </form>
    </>
  );
}

/** The fields whose value is an id picked from a list. */
type PickedField = 'channelId' | 'adFormatId' | 'adTypeId' | 'statusId' | 'managerId';

/** What a picker needs of the query behind its options. */
type OptionList = {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-4">
      <h2 className="font-semibold text-muted-foreground text-sm uppercase tracking-wide">{title}</h2>
      {children}
    </section>
  );
}

/** The sales this one's slot collides with, as the channel, date, time and hours in top are picked (a warning only). */
function SlotWarning({ form, dealId }: { form: UseFormReturn<DealFormValues>; dealId: number | undefined }) {
  const [channelId, date, time, hours] = useWatch({
    control: form.control,
    name: ['channelId', 'placementDate', 'placementTime', 'hoursInTop'],
  });
  const hoursInTop = readDealNumber(dealNumberRules.hoursInTop, hours);
  return (
    <SlotConflictWarning
      channelId={channelId ?? undefined}
      accommodationTime={isValidDate(date) ? instantAt(toIsoDay(date), time) : undefined}
      hoursInTop={'value' in hoursInTop ? hoursInTop.value : 0}
      excludeId={dealId}
    />
  );
}
