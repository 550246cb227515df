import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { BottomBar } from '@/components/ui/bottom-bar';
import { Button } from '@/components/ui/button';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useCurrentUser } from '@/features/auth';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useCreateDeal } from '../../api/create-deal';
import { dealTexts } from '../../lib/kinds';
import { DealForm } from './deal-form';
import { type Deal, type DealFormValues, defaultDealValues } from './deal-form-values';
import { buildPayload, missingRequired } from './deal-payload';
import { FormAlert, MissingHint } from './form-parts';
import { formTexts } from './form-texts';
import { applyFieldErrors, applyServerErrors } from './server-errors';

/**
 * /sale/new and /purchase/new (spec §2.8/§2.9, decisions D2): the empty form with today's dates, then the success
 * screen ('Продажа добавлена' / 'Закупка добавлена') with the way back to the list.
 */
export function NewDealScreen({ kind }: { kind: DealKind }) {
  const create = useCreateDeal(kind);
  if (create.isSuccess) return <DealCreated kind={kind} deal={create.data} />;
  return <NewDealForm kind={kind} create={create} />;
}

function NewDealForm({ kind, create }: { kind: DealKind; create: ReturnType<typeof useCreateDeal> }) {
  const { words: t, routes } = dealVocabulary[kind];
  const formId = useId();
  const { data: user } = useCurrentUser();
  const form = useForm<DealFormValues>({
    // The one who fills the form in is the one who sold or bought, until they pick someone else.
    defaultValues: defaultDealValues({ managerId: user?.id ?? null }),
    mode: 'onTouched',
  });
  const [channelId, adFormatId, adTypeId] = useWatch({
    control: form.control,
    name: ['channelId', 'adFormatId', 'adTypeId'],
  });
  const missing = missingRequired(kind, { channelId, adFormatId, adTypeId });
  const [problem, setProblem] = useState<string>();
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
        <DealForm kind={kind} mode="new" form={form} id={formId} onSubmit={submit} />
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
