import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CopyPlus, Pencil, Trash2, X } from 'lucide-react';
import { type ComponentType, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type LazyPartFailure, lazyPart } from '@/components/app/lazy-part';
import { BottomBar } from '@/components/ui/bottom-bar';
import { Button } from '@/components/ui/button';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { InlineErrorState } from '@/components/ui/error-state';
import { ScreenHeader } from '@/components/ui/screen-header';
import { isApiError } from '@/lib/api-client';
import { errorMessage, notifyError, notifySuccess, notifyUndo } from '@/lib/notify';
import { dealsQueryKeys } from '@/lib/query-keys';
import { forgetDeal, useDeleteDeal } from '../../api/delete-deal';
import { dealQueryOptions, useDeal } from '../../api/get-deal';
import { restoreDealAndRefresh } from '../../api/restore-deal';
import { useUpdateDeal } from '../../api/update-deal';
import { useDealAccess } from '../../lib/deal-access';
import { dealTexts } from '../../lib/kinds';
import { attributionTexts } from '../attribution/attribution-texts';
import { DealCardFrame } from '../deal-screen-card';
import { markingTexts } from '../marking/marking-texts';
import { paymentTexts } from '../payments/payment-texts';
import { postTexts } from '../post/post-texts';
import { DealForm } from './deal-form';
import { type Deal, type DealFormValues, labelsFromDeal, valuesFromDeal } from './deal-form-values';
import { buildPayload, changedFields, missingRequired } from './deal-payload';
import { FormAlert, MissingHint } from './form-parts';
import { formTexts } from './form-texts';
import { applyFieldErrors, applyServerErrors } from './server-errors';

/**
 * A card of the deal's screen, in a chunk of its own: the form stays as light as it was, and a card whose code cannot
 * come (offline before it was fetched) shows its title, the reason and 'Повторить' in its place while the rest stays.
 */
const dealCard = <P extends object>(title: string, load: () => Promise<ComponentType<P>>) =>
  lazyPart(load, ({ message, retry }: LazyPartFailure) => (
    <DealCardFrame title={title}>
      <InlineErrorState message={message} onRetry={retry} />
    </DealCardFrame>
  ));

const PaymentsCard = dealCard(paymentTexts.title, () =>
  import('../payments/payments-card').then((card) => card.PaymentsCard),
);
// A purchase's subscribers through its invite link (issue 17).
const AttributionCard = dealCard(attributionTexts.title, () =>
  import('../attribution/attribution-card').then((card) => card.AttributionCard),
);
// A deal's post (issue 36): its link, views, CPM and the terms kept, and the public report's link.
const PostCard = dealCard(postTexts.title, () => import('../post/post-card').then((card) => card.PostCard));
// A deal's marking (issue 35): its state, what is missing, the text to paste, the form and the text's check.
const MarkingCard = dealCard(markingTexts.title, () =>
  import('../marking/marking-card').then((card) => card.MarkingCard),
);
const HistoryCard = dealCard(dealTexts.history, () =>
  import('../history/history-card').then((card) => card.HistoryCard),
);

/**
 * /sale/{id} and /purchase/{id} (spec §2.8/§2.9): 'Загрузка...' while the deal loads, the kind's not-found text for
 * a deal that is not there (or not the team's), else the deal in view mode with the 'Редактирование' toggle.
 */
export function DealScreen({ kind, id }: { kind: DealKind; id: number }) {
  const { words: t, routes } = dealVocabulary[kind];
  const deal = useDeal(kind, id);
  const title = t.one;

  if (deal.isPending) {
    return (
      <>
        <ScreenHeader title={title} back={{ to: routes.list }} />
        <main className="flex flex-1 items-center justify-center px-6 py-12">
          <p role="status" className="text-muted-foreground">
            {formTexts.loading}
          </p>
        </main>
      </>
    );
  }

  if (deal.isError) {
    const missing = isApiError(deal.error) && deal.error.status === 404;
    return (
      <>
        <ScreenHeader title={title} back={{ to: routes.list }} />
        <main className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-12 text-center">
          <p role="alert" className="font-semibold text-lg">
            {missing ? t.notFound : errorMessage(deal.error)}
          </p>
          {missing ? null : (
            <Button variant="secondary" onClick={() => void deal.refetch()}>
              {formTexts.retry}
            </Button>
          )}
          <Button asChild variant={missing ? 'default' : 'ghost'}>
            <Link to={routes.list}>{dealTexts.back}</Link>
          </Button>
        </main>
      </>
    );
  }

  return <DealEditor kind={kind} id={id} title={title} deal={deal.data} />;
}

type EditorProps = { kind: DealKind; id: number; title: string; deal: Deal };

function DealEditor({ kind, id, title, deal }: EditorProps) {
  const { routes } = dealVocabulary[kind];
  const formId = useId();
  const queryClient = useQueryClient();
  const update = useUpdateDeal(kind, id);
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string>();
  // A deal the person may only look at (a colleague's on their channel, a subordinate's) has no edit and no delete.
  const { canChange, canCreate } = useDealAccess(kind);
  const changeable = canChange(deal);
  // The deal the form was last filled from: its values are what "changed" is measured against, its version is sent.
  const [base, setBase] = useState(() => ({ deal, values: valuesFromDeal(kind, deal) }));
  const form = useForm<DealFormValues>({ defaultValues: base.values, mode: 'onTouched' });
  const inFlight = useRef(false);

  const showDeal = (fresh: Deal) => {
    const values = valuesFromDeal(kind, fresh);
    setBase({ deal: fresh, values });
    form.reset(values);
  };

  // A newer version arrived while the user only looks at the deal (a refetch): show it. While editing, the user's
  // changes stay; saving them over a newer version is refused with 409 and handled below.
  useEffect(() => {
    if (!editing && deal.version > base.deal.version) showDeal(deal);
  });

  const current = useWatch({ control: form.control }) as DealFormValues;
  const missing = missingRequired(kind, current);
  const next = buildPayload(kind, current);
  const before = buildPayload(kind, base.values);
  const patch =
    next.ok && before.ok ? changedFields(next.payload, before.payload, base.deal.version) : undefined;
  // A value the form cannot send yet (a typo in the cost) counts as a change: saving explains it.
  const unchanged = patch === null;

  const toggle = () => {
    setProblem(undefined);
    if (editing) showDeal(deal);
    setEditing(!editing);
  };

  const submit = form.handleSubmit(async (values) => {
    if (inFlight.current) return;
    const built = buildPayload(kind, values);
    if (!built.ok) {
      applyFieldErrors(form, built.errors);
      return;
    }
    const body = before.ok
      ? changedFields(built.payload, before.payload, base.deal.version)
      : { ...built.payload, version: base.deal.version };
    if (!body) return;
    inFlight.current = true;
    setProblem(undefined);
    try {
      const saved = await update.mutateAsync(body);
      // The mutation reloaded the deal (spec §2.8: after saving it reloads and resets the form).
      showDeal(queryClient.getQueryData(dealsQueryKeys.detail(kind, id)) ?? saved);
      setEditing(false);
      notifySuccess(formTexts.saved);
    } catch (error) {
      if (isApiError(error) && error.code === 'VERSION_CONFLICT') {
        // Someone else saved first: show their version, stay in edit mode to redo the change on top of it.
        setProblem(dealTexts.conflict);
        try {
          showDeal(await queryClient.fetchQuery({ ...dealQueryOptions(kind, id), staleTime: 0 }));
        } catch (reloadError) {
          setProblem(errorMessage(reloadError));
        }
      } else {
        setProblem(applyServerErrors(kind, error, form));
      }
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <>
      <ScreenHeader
        title={title}
        back={{ to: routes.list }}
        actions={
          changeable ? (
            <Button variant="ghost" size="sm" onClick={toggle}>
              {editing ? <X aria-hidden="true" /> : <Pencil aria-hidden="true" />}
              {editing ? dealTexts.cancelEdit : dealTexts.edit}
            </Button>
          ) : undefined
        }
      />
      <main className="flex flex-1 flex-col">
        <DealForm
          kind={kind}
          mode={editing ? 'edit' : 'view'}
          form={form}
          id={formId}
          dealId={id}
          onSubmit={submit}
          known={labelsFromDeal(kind, base.deal)}
        />
        {editing || !canCreate ? null : (
          <div className="px-4 pt-2">
            <Button asChild variant="secondary" size="lg">
              <Link to={routes.new} search={{ from: id }}>
                <CopyPlus aria-hidden="true" />
                {dealTexts.repeat}
              </Link>
            </Button>
          </div>
        )}
        {editing ? null : (
          // The delete under the card, appearing with it: it does not jump down under the finger as the card loads.
          <Suspense fallback={null}>
            <PaymentsCard kind={kind} id={id} deal={deal} editable={changeable} />
            <PostCard kind={kind} id={id} deal={deal} editable={changeable} />
            <MarkingCard kind={kind} id={id} editable={changeable} />
            {dealVocabulary[kind].hasAttribution ? (
              <AttributionCard id={id} channel={deal.channelInfo} />
            ) : null}
            {changeable ? <HistoryCard kind={kind} id={id} /> : null}
            {changeable ? <DeleteDeal kind={kind} id={id} /> : null}
          </Suspense>
        )}
        {editing ? (
          <BottomBar>
            {problem ? <FormAlert>{problem}</FormAlert> : null}
            <MissingHint missing={missing} />
            {unchanged && missing.length === 0 ? (
              <p className="text-center text-muted-foreground text-sm">{formTexts.noChanges}</p>
            ) : null}
            <Button
              type="submit"
              form={formId}
              size="lg"
              disabled={unchanged || missing.length > 0 || update.isPending}
            >
              {update.isPending ? formTexts.saving : dealTexts.saveChanges}
            </Button>
          </BottomBar>
        ) : null}
      </main>
    </>
  );
}

/**
 * 'Удалить продажу' at the foot of the screen and its confirmation sheet. After deleting, the kind's list (in place
 * of the deleted deal's screen, so Back does not return to it) and a toast with 'Отменить', which restores the deal.
 */
function DeleteDeal({ kind, id }: { kind: DealKind; id: number }) {
  const { words: t, routes } = dealVocabulary[kind];
  const [open, setOpen] = useState(false);
  const remove = useDeleteDeal(kind, id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const undo = () =>
    restoreDealAndRefresh(queryClient, kind, id).then(() => notifySuccess(t.restored), notifyError);

  const confirm = () => {
    if (remove.isPending) return;
    remove.mutate(undefined, {
      onSuccess: async () => {
        setOpen(false);
        await navigate({ to: routes.list, replace: true });
        forgetDeal(queryClient, kind, id);
        notifyUndo(t.deleted, () => void undo());
      },
    });
  };

  return (
    <div className="mt-auto px-4 pb-[max(1.5rem,var(--spacing-safe-bottom))]">
      <Button
        variant="destructive"
        size="lg"
        className="border border-destructive/50"
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
        {t.delete}
      </Button>
      <ConfirmSheet
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) remove.reset();
        }}
        title={t.deleteQuestion}
        description={t.deleteHint}
        confirmLabel={t.deleteConfirm}
        pendingLabel={dealTexts.deleting}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={confirm}
      />
    </div>
  );
}
