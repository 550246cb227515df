import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { BottomBar } from '@/components/ui/bottom-bar';
import { Button } from '@/components/ui/button';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { formatDateTime, formatMoney } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { useCreateDeal } from '../../api/create-deal';
import { dealQueryOptions } from '../../api/get-deal';
import { dealTexts } from '../../lib/kinds';
import { DealForm } from './deal-form';
import {
  type Deal,
  type DealFormValues,
  defaultDealValues,
  labelsFromDeal,
  repeatedDealValues,
} from './deal-form-values';
import { buildPayload, missingRequired } from './deal-payload';
import { FormAlert, MissingHint } from './form-parts';
import { formTexts } from './form-texts';
import { applyFieldErrors, applyServerErrors } from './server-errors';

/**
 * /sale/new and /purchase/new (spec §2.8/§2.9, decisions D2): the empty form with today's dates, then the success
 * screen ('Продажа добавлена' / 'Закупка добавлена') with the way back to the list. `from`: 'Повторить' of that deal
 * (/sale/new?from=5), the form filled with its terms.
 */
export function NewDealScreen({ kind, from }: { kind: DealKind; from?: number | undefined }) {
  const create = useCreateDeal(kind);
  const source = useQuery({ ...dealQueryOptions(kind, from ?? 0), enabled: from !== undefined });
  if (create.isSuccess) return <DealCreated kind={kind} deal={create.data} />;
  if (from !== undefined && source.isPending) {
    return (
      <>
        <ScreenHeader
          title={dealVocabulary[kind].words.newTitle}
          back={{ to: dealVocabulary[kind].routes.list }}
        />
        <Spinner className="py-12" />
      </>
    );
  }
  // A deal that cannot be repeated (deleted meanwhile) leaves the form empty, saying why.
  return (
    <NewDealForm
      key={from}
      kind={kind}
      create={create}
      source={source.data}
      sourceProblem={source.isError ? errorMessage(source.error) : undefined}
    />
  );
}

type NewDealFormProps = {
  kind: DealKind;
  create: ReturnType<typeof useCreateDeal>;
  source: Deal | undefined;
  sourceProblem: string | undefined;
};

function NewDealForm({ kind, create, source, sourceProblem }: NewDealFormProps) {
  const { words: t, routes } = dealVocabulary[kind];
  const formId = useId();
  const { data: user } = useCurrentUser();
  // The one who fills the form in is the one who sold or bought, until they pick someone else.
  const managerId = user?.id ?? null;
  const form = useForm<DealFormValues>({
    defaultValues: source
      ? repeatedDealValues(kind, source, { managerId })
      : defaultDealValues({ managerId }),
    mode: 'onTouched',
  });
  const [channelId, adFormatId, adTypeId] = useWatch({
    control: form.control,
    name: ['channelId', 'adFormatId', 'adTypeId'],
  });
  const missing = missingRequired(kind, { channelId, adFormatId, adTypeId });
  const [problem, setProblem] = useState(sourceProblem);
  // The repeated deal's names while the option lists load; its status and manager are not repeated.
  const { status: _status, manager: _manager, ...known } = source ? labelsFromDeal(kind, source) : {};
  // One deal per press, however fast the second click comes (the button is disabled only after a render).
  const inFlight = useRef(false);

  const submit = form.handleSubmit(async (values) => {
    if (inFlight.current) return;
    const built = buildPayload(kind, values);
    if (!built.ok) {
      applyFieldErrors(form, built.errors);
      return;
    }
    inFlight.current = true;
    setProblem(undefined);
    try {
      await create.mutateAsync(built.payload);
    } catch (error) {
      setProblem(applyServerErrors(kind, error, form));
      inFlight.current = false;
    }
  });

  return (
    <>
      <ScreenHeader title={t.newTitle} back={{ to: routes.list }} />
      <main className="flex flex-1 flex-col">
        <DealForm kind={kind} mode="new" form={form} id={formId} onSubmit={submit} known={known} />
        <BottomBar>
          {problem ? <FormAlert>{problem}</FormAlert> : null}
          <MissingHint missing={missing} />
          <Button type="submit" form={formId} size="lg" disabled={missing.length > 0 || create.isPending}>
            {create.isPending ? formTexts.creating : t.submitCreate}
          </Button>
          <Button asChild variant="ghost">
            <Link to={routes.list}>{dealTexts.cancel}</Link>
          </Button>
        </BottomBar>
      </main>
    </>
  );
}

/** Spec §4: after creation, the success screen; 'Вернуться' leads to the (refreshed) list. */
function DealCreated({ kind, deal }: { kind: DealKind; deal: Deal }) {
  const { words: t, routes } = dealVocabulary[kind];
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: tell assistive technology where the user is now.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <>
      <ScreenHeader title={t.newTitle} back={{ to: routes.list }} />
      <ScreenMain className="items-center gap-4 px-6 pt-12 text-center">
        <CircleCheck aria-hidden="true" className="size-16 text-emerald-600 dark:text-emerald-400" />
        <h2 ref={headingRef} tabIndex={-1} className="font-semibold text-2xl outline-none">
          {t.created}
        </h2>
        <p className="max-w-xs break-words text-muted-foreground">
          {deal.channelInfo.name} · {formatMoney(deal.price)} ·{' '}
          {formatDateTime(deal.accommodationCondition.accommodationTime)}
        </p>
        <div className="mt-auto flex w-full flex-col gap-2 pt-6">
          <Button asChild size="lg">
            <Link to={routes.list}>{dealTexts.back}</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={routes.item} params={{ id: String(deal.id) }}>
              {t.openCreated}
            </Link>
          </Button>
        </div>
      </ScreenMain>
    </>
  );
}
