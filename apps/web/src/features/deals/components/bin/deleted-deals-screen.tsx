import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { PagedList } from '@/components/ui/paged-list';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { formatMoney } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { type DeletedDeal, useDeletedDeals } from '../../api/get-deleted-deals';
import { restoreDealAndRefresh } from '../../api/restore-deal';
import { useDealAccess } from '../../lib/deal-access';
import { toDealRow } from '../../lib/deal-rows';
import { DealAvatars } from '../list/deal-avatars';
import { binTexts } from './bin-texts';

/**
 * /sale/deleted and /purchase/deleted (issue 33): the kind's deals deleted within the days they are kept, newest
 * deletion first, each with when and by whom, how long it stays, and 'Восстановить' for whoever may change it.
 */
export function DeletedDealsScreen({ kind }: { kind: DealKind }) {
  const { words: t, routes } = dealVocabulary[kind];
  const query = useDeletedDeals(kind);
  const deals = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <ScreenHeader title={t.deletedTitle} back={{ to: routes.list }} />
      <ScreenMain className="gap-3 px-4 pt-4">
        <PagedList
          query={query}
          rows={deals.length}
          label={t.deletedTitle}
          intro={<p className="text-muted-foreground text-sm">{binTexts.intro}</p>}
          empty={<p className="py-12 text-center text-muted-foreground">{t.deletedEmpty}</p>}
        >
          {deals.map((deal) => (
            <DeletedRow key={deal.id} kind={kind} deal={deal} />
          ))}
        </PagedList>
      </ScreenMain>
    </>
  );
}

function DeletedRow({ kind, deal }: { kind: DealKind; deal: DeletedDeal }) {
  const { words: t } = dealVocabulary[kind];
  const row = toDealRow(kind, deal);
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationFn: () => restoreDealAndRefresh(queryClient, kind, deal.id),
    meta: { silentError: true },
    onSuccess: () => notifySuccess(t.restored),
    onError: notifyError,
  });
  const mayRestore = useDealAccess(kind).canChange(deal);
  const title = `${row.channel.name} ${dealVocabulary[kind].arrow} ${row.counterpart.name}`;
  return (
    // The deal's lines take the row's width, the button goes under them: a long name is never cut.
    <li className="flex flex-col gap-2 border-b px-4 py-3 last:border-b-0">
      <div className="flex items-start gap-3">
        <DealAvatars row={row} size="sm" decorative />
        <div className="min-w-0 flex-1 text-sm">
          <p className="break-words font-medium text-base">{title}</p>
          <p className="font-semibold tabular-nums">{formatMoney(deal.price)}</p>
          <p className="text-muted-foreground">{binTexts.deleted(deal.deletedAt, deal.deletedBy?.name)}</p>
          <p className="text-muted-foreground">{binTexts.left(deal.restorableUntil)}</p>
        </div>
      </div>
      {mayRestore ? (
        <Button
          variant="secondary"
          size="sm"
          className="self-end"
          disabled={restore.isPending}
          aria-label={`${binTexts.restore}: ${title}`}
          onClick={() => restore.mutate()}
        >
          {restore.isPending ? binTexts.restoring : binTexts.restore}
        </Button>
      ) : null}
    </li>
  );
}
