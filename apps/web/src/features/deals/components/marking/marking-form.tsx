import type { DealMarking, DealMarkingInput } from '@addesk/contract';
import {
  contractSubjectNames,
  contractSubjects,
  contractTypeNames,
  contractTypes,
  creativeForms,
  type DealKind,
  innProblem,
  type LegalType,
  legalTypeNames,
  legalTypes,
  type MarkingRegistrar,
  markingRegistrarNames,
  markingRegistrars,
} from '@addesk/contract/plain';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Segmented } from '@/components/ui/segmented';
import { isApiError } from '@/lib/api-client';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useSaveMarking } from '../../api/marking';
import { markingTexts as t } from './marking-texts';

export const TEXTAREA_CLASS = cn(
  'flex min-h-24 w-full min-w-0 resize-y rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs',
  'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/40 aria-invalid:border-destructive',
);
const SELECT_CLASS =
  'min-h-12 w-full rounded-lg border border-input bg-card px-3 text-base text-foreground aria-invalid:border-destructive';

/** VK ОРД's creative forms in Russian, the text block (a Telegram post) first. */
const creativeFormNames: Record<(typeof creativeForms)[number], string> = {
  text_block: 'Текстовый блок',
  text_graphic_block: 'Текстово-графический блок',
  text_video_block: 'Текст и видео',
  text_graphic_video_block: 'Текст, графика и видео',
  banner: 'Баннер',
  video: 'Видео',
  audio: 'Аудио',
  text_audio_block: 'Текст и аудио',
  text_graphic_audio_block: 'Текст, графика и аудио',
  text_audio_video_block: 'Текст, аудио и видео',
  text_graphic_audio_video_block: 'Текст, графика, аудио и видео',
  live_audio: 'Аудиотрансляция',
  live_video: 'Видеотрансляция',
  banner_html5: 'HTML5-баннер',
};

type ContractType = (typeof contractTypes)[number];
type ContractSubject = (typeof contractSubjects)[number];
type CreativeForm = (typeof creativeForms)[number];

type Values = {
  registeredBy: MarkingRegistrar;
  reason: string;
  erid: string;
  advertiserType: LegalType;
  name: string;
  inn: string;
  sellerType: LegalType;
  sellerName: string;
  sellerInn: string;
  number: string;
  date: string;
  contractType: ContractType | '';
  subject: ContractSubject | '';
  amount: string;
  vatIncluded: boolean;
  form: CreativeForm;
  text: string;
  urls: string;
  kktu: string;
};

/** The field of each server's `fieldErrors` key ('advertiser.inn'), where its message is shown. */
type ErrorKey =
  | 'reason'
  | 'erid'
  | 'advertiser.type'
  | 'advertiser.name'
  | 'advertiser.inn'
  | 'seller.type'
  | 'seller.name'
  | 'seller.inn'
  | 'contract.number'
  | 'contract.date'
  | 'contract.type'
  | 'contract.subject'
  | 'contract.amount'
  | 'creative.form'
  | 'creative.text'
  | 'creative.urls'
  | 'creative.kktu';
type Errors = Partial<Record<ErrorKey, string>>;
const errorKeys: readonly ErrorKey[] = [
  'reason',
  'erid',
  'advertiser.type',
  'advertiser.name',
  'advertiser.inn',
  'seller.type',
  'seller.name',
  'seller.inn',
  'contract.number',
  'contract.date',
  'contract.type',
  'contract.subject',
  'contract.amount',
  'creative.form',
  'creative.text',
  'creative.urls',
  'creative.kktu',
];

function valuesOf(marking: DealMarking): Values {
  return {
    registeredBy: marking.registeredBy ?? 'us',
    reason: marking.reason ?? '',
    erid: marking.erid ?? '',
    advertiserType: marking.advertiser.type ?? 'juridical',
    name: marking.advertiser.name ?? '',
    inn: marking.advertiser.inn ?? '',
    sellerType: marking.seller.type ?? 'juridical',
    sellerName: marking.seller.name ?? '',
    sellerInn: marking.seller.inn ?? '',
    number: marking.contract.number ?? '',
    date: marking.contract.date ?? '',
    contractType: marking.contract.type ?? '',
    subject: marking.contract.subject ?? '',
    amount: marking.contract.amount === null ? '' : String(marking.contract.amount),
    vatIncluded: marking.contract.vatIncluded,
    form: marking.creative.form ?? 'text_block',
    text: marking.creative.text ?? '',
    urls: marking.creative.urls.join('\n'),
    kktu: marking.creative.kktu ?? '',
  };
}

/** A trimmed text, or nothing when it is empty: empty fields are left out of the body. */
const filled = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** Drops the keys whose value is undefined, and the object itself when nothing is left. */
function compact<T extends Record<string, unknown>>(object: T): T | undefined {
  const entries = Object.entries(object).filter(([, value]) => value !== undefined);
  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as T);
}

/** The fields of each party the form asks for: the advertiser, and a purchase's seller. */
const parties = {
  advertiser: { type: 'advertiserType', name: 'name', inn: 'inn' },
  seller: { type: 'sellerType', name: 'sellerName', inn: 'sellerInn' },
} as const;
type Party = keyof typeof parties;

/** The ИНН's problem for the party's chosen type, if one was typed. */
function innError(values: Values, party: Party) {
  const inn = values[parties[party].inn].trim();
  return inn === '' ? undefined : innProblem(inn, values[parties[party].type]);
}

const partyBody = (values: Values, party: Party) =>
  compact({
    type: values[parties[party].type],
    name: filled(values[parties[party].name]),
    inn: filled(values[parties[party].inn]),
  });

/** The seller is a purchase's other party, asked for when we register the ad ourselves. */
const asksSeller = (kind: DealKind, values: Values) => kind === 'purchase' && values.registeredBy === 'us';

/** The whole marking to PUT, or the form's own errors. */
export function buildMarking(
  values: Values,
  kind: DealKind,
): { body: DealMarkingInput } | { errors: Errors } {
  const errors: Errors = {};
  const inn = innError(values, 'advertiser');
  if (values.registeredBy !== 'not_required' && inn) errors['advertiser.inn'] = inn;
  const sellerInn = innError(values, 'seller');
  if (asksSeller(kind, values) && sellerInn) errors['seller.inn'] = sellerInn;
  const amountText = values.amount.replace(/\s/g, '').replace(',', '.');
  const amount = amountText === '' ? undefined : Number(amountText);
  if (values.registeredBy === 'us' && amount !== undefined && !Number.isFinite(amount))
    errors['contract.amount'] = t.amountInvalid;
  if (Object.keys(errors).length > 0) return { errors };

  if (values.registeredBy === 'not_required') {
    const reason = filled(values.reason);
    return { body: reason ? { registeredBy: 'not_required', reason } : { registeredBy: 'not_required' } };
  }
  const body: Record<string, unknown> = {
    registeredBy: values.registeredBy,
    erid: filled(values.erid),
    advertiser: partyBody(values, 'advertiser'),
    seller: asksSeller(kind, values) ? partyBody(values, 'seller') : undefined,
  };
  if (values.registeredBy === 'us') {
    body.contract = compact({
      number: filled(values.number),
      date: filled(values.date),
      type: values.contractType || undefined,
      subject: values.subject || undefined,
      amount,
      vatIncluded: values.vatIncluded,
    });
    const urls = values.urls
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    body.creative = compact({
      form: values.form,
      text: filled(values.text),
      urls: urls.length > 0 ? urls : undefined,
      kktu: filled(values.kktu),
    });
  }
  return { body: compact(body) as DealMarkingInput };
}

/**
 * The marking's form, inline in the card: who registers it; without a need, the reason; otherwise erid and the
 * advertiser, and when we register it, the contract and the creative. 'Сохранить' PUTs the whole marking.
 */
export function MarkingForm({
  kind,
  id,
  marking,
  onDone,
}: {
  kind: DealKind;
  id: number;
  marking: DealMarking;
  onDone: () => void;
}) {
  const save = useSaveMarking(kind, id);
  const [values, setValues] = useState(() => valuesOf(marking));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string>();
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async () => {
    if (save.isPending) return;
    setProblem(undefined);
    const built = buildMarking(values, kind);
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(built.body);
      notifySuccess(t.saved);
      onDone();
    } catch (error) {
      const fieldErrors = isApiError(error) ? (error.fieldErrors ?? {}) : {};
      const shown: Errors = {};
      for (const key of errorKeys) {
        const message = fieldErrors[key]?.[0];
        if (message) shown[key] = message;
      }
      setErrors(shown);
      const unshown = Object.entries(fieldErrors).find(([key]) => !errorKeys.includes(key as ErrorKey));
      setProblem(unshown?.[1]?.[0] ?? (Object.keys(shown).length > 0 ? undefined : errorMessage(error)));
    }
  };

  const text = (key: keyof Values & string, errorKey: ErrorKey, label: string, extra?: InputExtra) => (
    <FormField label={label} error={errors[errorKey]} optional={extra?.optional}>
      {(ids) => (
        <Input
          id={ids.control}
          value={values[key] as string}
          onChange={(event) => set(key, event.target.value as never)}
          aria-invalid={errors[errorKey] ? true : undefined}
          aria-describedby={ids.describedBy}
          autoComplete="off"
          {...extra?.input}
        />
      )}
    </FormField>
  );

  /** A party's type, name and ИНН (checked on blur by the same rule as the server). */
  const partyGroup = (party: Party, title: string, typeLabel: string) => {
    const keys = parties[party];
    return (
      <Group title={title}>
        <Segmented
          showLabel
          label={typeLabel}
          options={legalTypes.map((value) => ({ value, label: legalTypeNames[value] }))}
          value={values[keys.type]}
          onChange={(value) => set(keys.type, value)}
        />
        {text(keys.name, `${party}.name`, t.name)}
        {text(keys.inn, `${party}.inn`, t.inn, {
          input: {
            inputMode: 'numeric',
            onBlur: () => setErrors((current) => ({ ...current, [`${party}.inn`]: innError(values, party) })),
          },
        })}
      </Group>
    );
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Segmented
        showLabel
        label={t.registeredBy}
        options={markingRegistrars.map((value) => ({ value, label: markingRegistrarNames[value] }))}
        value={values.registeredBy}
        onChange={(value) => set('registeredBy', value)}
      />
      {values.registeredBy === 'not_required' ? (
        <FormField label={t.reason} error={errors.reason}>
          {(ids) => (
            <textarea
              id={ids.control}
              className={TEXTAREA_CLASS}
              value={values.reason}
              onChange={(event) => set('reason', event.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={ids.describedBy}
            />
          )}
        </FormField>
      ) : (
        <>
          {text('erid', 'erid', t.erid, {
            input: { autoCapitalize: 'none', spellCheck: false },
            optional: true,
          })}
          {partyGroup('advertiser', t.advertiser, t.advertiserType)}
          {asksSeller(kind, values) ? partyGroup('seller', t.seller, t.sellerType) : null}
          {values.registeredBy === 'us' ? (
            <>
              <Group title={t.contract}>
                {text('number', 'contract.number', t.contractNumber)}
                {text('date', 'contract.date', t.contractDate, { input: { type: 'date' } })}
                <Select
                  label={t.contractType}
                  error={errors['contract.type']}
                  value={values.contractType}
                  options={contractTypes.map((value) => ({ value, label: contractTypeNames[value] }))}
                  onChange={(value) => set('contractType', value as ContractType | '')}
                />
                <Select
                  label={t.contractSubject}
                  error={errors['contract.subject']}
                  value={values.subject}
                  options={contractSubjects.map((value) => ({ value, label: contractSubjectNames[value] }))}
                  onChange={(value) => set('subject', value as ContractSubject | '')}
                />
                {text('amount', 'contract.amount', t.amount, { input: { inputMode: 'decimal' } })}
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-5 accent-primary"
                    checked={values.vatIncluded}
                    onChange={(event) => set('vatIncluded', event.target.checked)}
                  />
                  {t.vatIncluded}
                </label>
              </Group>
              <Group title={t.creative}>
                <Select
                  label={t.form}
                  error={errors['creative.form']}
                  value={values.form}
                  required
                  options={creativeForms.map((value) => ({ value, label: creativeFormNames[value] }))}
                  onChange={(value) => set('form', value as CreativeForm)}
                />
                <FormField label={t.postText} error={errors['creative.text']}>
                  {(ids) => (
                    <textarea
                      id={ids.control}
                      className={TEXTAREA_CLASS}
                      value={values.text}
                      onChange={(event) => set('text', event.target.value)}
                      aria-invalid={errors['creative.text'] ? true : undefined}
                      aria-describedby={ids.describedBy}
                    />
                  )}
                </FormField>
                <FormField label={t.urls} hint={t.urlsHint} error={errors['creative.urls']}>
                  {(ids) => (
                    <textarea
                      id={ids.control}
                      className={TEXTAREA_CLASS}
                      value={values.urls}
                      autoCapitalize="none"
                      spellCheck={false}
                      onChange={(event) => set('urls', event.target.value)}
                      aria-invalid={errors['creative.urls'] ? true : undefined}
                      aria-describedby={ids.describedBy}
                    />
                  )}
                </FormField>
                {text('kktu', 'creative.kktu', t.kktu, {
                  input: { placeholder: '30.10.1', inputMode: 'decimal' },
                })}
              </Group>
            </>
          ) : null}
        </>
      )}
      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" grow disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

type InputExtra = { input?: ComponentProps<'input'>; optional?: boolean };

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 border-t pt-4">
      <legend className="float-left mb-2 w-full font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

function Select({
  label,
  error,
  value,
  options,
  required,
  onChange,
}: {
  label: string;
  error: string | undefined;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} error={error}>
      {(ids) => (
        <select
          id={ids.control}
          className={SELECT_CLASS}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
        >
          {required ? null : <option value="">{t.notChosen}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
