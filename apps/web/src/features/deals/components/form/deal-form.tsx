import { type DealKind, dealNumberRules, dealVocabulary } from '@addesk/contract/plain';
import type { FormEventHandler } from 'react';
import { type UseFormReturn, useFormState, useWatch } from 'react-hook-form';
import { UnsavedChangesPrompt } from '@/components/app/unsaved-changes-prompt';
import { Input, InputUnit } from '@/components/ui/input';
import { formatMoney, instantAt, zoneMark } from '@/lib/format';
import { CounterpartPicker } from './counterpart-picker';
import { isValidDate, teamToday, toIsoDay } from './date-parts';
import { DatePicker, TimePicker } from './date-time-pickers';
import type { DealFormMode, DealFormValues, KnownLabels } from './deal-form-values';
import { validateNumber, validatePostLink } from './deal-payload';
import { DurationFormField } from './duration-field';
import { Section, useFormFields } from './form-fields';
import { counterpartTexts, formTexts } from './form-texts';
import { SlotWarning } from './slot-warning';
import { useDealFormOptions } from './use-deal-form-options';
import { useListPrice } from './use-list-price';

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
  const { words: t, hasAdvertisementType, slotConflicts } = dealVocabulary[kind];
  const readOnly = mode === 'view';
  const { control } = form;
  const { isDirty } = useFormState({ control });
  const [placementDate, placementTime] = useWatch({ control, name: ['placementDate', 'placementTime'] });
  // The team zone's short name where the device's clock shows another time at the placement (decisions D5).
  const placementZone = isValidDate(placementDate)
    ? zoneMark(instantAt(toIsoDay(placementDate), placementTime))
    : '';
  const { channels, team, formats, types, statuses, channelOptions, managerOptions } = useDealFormOptions(
    kind,
    mode,
    form,
  );
  const { field, numberInput, pickerField, dateField } = useFormFields(form, readOnly);
  const byPriceList = useListPrice(kind, mode, form);

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
            <DurationFormField form={form} readOnly={readOnly} />
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
              (value, ids, invalid) =>
                readOnly ? (
                  // Read as every amount is: '12 345,67 руб' (the typed number is for editing).
                  numberInput({ ...value, value: formatMoney(value.value) }, ids, invalid, 'decimal')
                ) : (
                  <>
                    <div className="relative">
                      {numberInput(value, ids, invalid, 'decimal', 'pr-14')}
                      <InputUnit>руб</InputUnit>
                    </div>
                    {byPriceList ? (
                      <p className="text-muted-foreground text-sm">{formTexts.byPriceList}</p>
                    ) : null}
                  </>
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
            {field(
              'postLink',
              formTexts.postLink,
              (value, ids, invalid) => (
                <Input
                  id={ids.control}
                  name={value.name}
                  ref={value.ref}
                  value={value.value}
                  onChange={value.onChange}
                  onBlur={value.onBlur}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder={formTexts.postLinkPlaceholder}
                  aria-invalid={invalid ? true : undefined}
                  aria-describedby={ids.describedBy}
                  disabledLook="form"
                />
              ),
              { validate: validatePostLink },
            )}
          </Section>
        </fieldset>
      </form>
    </>
  );
}
