import { type DealKind, type DealSort, dealSortsOf, dealVocabulary } from '@addesk/contract/plain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ListChecks, Plus, SearchX } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect, useId, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { ScreenHeader } from '@/components/ui/screen-header';
import { Spinner } from '@/components/ui/spinner';
import { channelQueryOptions } from '@/features/channels';
import { ExportButton } from '@/features/export';
import { ImportFromTableLink, ImportLink } from '@/features/import';
import { isApiError } from '@/lib/api-client';
import { errorMessage, notifyFailure } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { dealListFilterQuery, useDealPages } from '../../api/get-deals';
import { useDealAccess } from '../../lib/deal-access';
import { toDealRow } from '../../lib/deal-rows';
import {
  type DealFilterName,
  type DealListDisplay,
  type DealListSearch,
  type DealListView,
  dealDisplayOf,
  dealFiltersOf,
  dealListSearch,
  type DealFilters as Filters,
  takeDroppedFilters,
} from '../../lib/deal-search';
import { droppedFiltersText } from '../../lib/dropped-filters-text';
import { dealTexts } from '../../lib/kinds';
import { DeletedDealsLink } from '../bin/deleted-deals-link';
import { bulkTexts } from '../bulk/bulk-texts';
import { useDealSelection } from '../bulk/use-deal-selection';
import { costTexts } from './cost-texts';
import { DealCards } from './deal-cards';
import { DealFilters } from './deal-filters';
import { DealSearchBox } from './deal-search-box';
import { DealTable } from './deal-table';
import { DealTotals } from './deal-totals';
import { DealViewTabs } from './deal-view-tabs';

// Loaded when 'Выбрать' is pressed: its sheets and calls are no part of the list's first load (decision 009).
const BulkBar = lazy(() => import('../bulk/bulk-bar').then(({ BulkBar }) => ({ default: BulkBar })));

export type DealListScreenProps<K extends DealKind> = {
  kind: K;
  /** The route's validated search: the filters under the kind's names, the tab and the order. */
  search: DealListSearch<K>;
  /** Replaces the route's search (a new filter, tab or order replaces the history entry, never adds one). */
  onSearchChange: (search: DealListSearch<K>) => void;
  /** One channel's list (/channels/{id}/sales): the channel is fixed, named in the title, and has no chip. */
  channelId?: number | undefined;
};

const sortNames = {
  placement: dealTexts.byPlacement,
  costPerSubscriber: costTexts.byCostPerSubscriber,
  cpm: costTexts.byCpm,
} as const satisfies Record<Exclude<DealSort, 'date'>, string>;

/**
 * /sales and /purchases (spec §2.5/§2.6 with decisions D2), and a channel's /channels/{id}/sales and /purchases: one
 * screen for both kinds, title and add button, the search, the filter row, the 'Карточки' / 'Таблица' tabs, the order
 * and the list, page after page as the user scrolls. Filters, tab and order live in the URL.
 */
export function DealListScreen<K extends DealKind>({
  kind,
  search,
  onSearchChange,
  channelId,
}: DealListScreenProps<K>) {
  const { words: texts, routes } = dealVocabulary[kind];
  const { canCreate } = useDealAccess(kind);
  const searched = dealFiltersOf(kind, search);
  // A channel's own list has its channel fixed; the team's list filters by the chosen ones.
  const { channelId: _, ...otherThanChannel } = searched;
  const filters: Filters = channelId === undefined ? searched : otherThanChannel;
  const channel = useQuery({ ...channelQueryOptions(channelId ?? 0), enabled: channelId !== undefined });
  const display = dealDisplayOf(search);
  const { view, sort } = display;
  const tabsId = useId();
  const sortId = useId();

  const go = (nextFilters: Filters, nextDisplay: DealListDisplay) =>
    onSearchChange(dealListSearch(kind, nextFilters, nextDisplay));
  const setFilter = (name: DealFilterName, value: string | undefined) =>
    go({ ...filters, [name]: value }, display);
  const setView = (next: DealListView) => go(filters, { ...display, view: next });
  const hasFilters = Object.keys(filters).length > 0;
  // The search is one of the filters: 'Сбросить фильтры' clears it too. The tab and the order stay (the lists have
  // no default period to come back to).
  const resetFilters = () => go({}, display);
  useDroppedFiltersToast(kind);

  const query = useDealPages(kind, { filters, sort }, channelId);
  const selection = useDealSelection(JSON.stringify(filters));
  // The list is drawn in a transition, a few milliseconds at a time: a page that arrives never holds the phone's main
  // thread for the whole list, and a tap meanwhile is answered first.
  const data = useDeferredValue(query.data);
  const rows = useMemo(
    () => data?.pages.flatMap((page) => page.items.map((deal) => toDealRow(kind, deal))) ?? [],
    [data, kind],
  );

  let body: ReactNode;
  if (query.isPending || (query.data && !data)) {
    body = <Spinner className="py-12" />;
  } else if (query.isError && rows.length === 0) {
    const badFilter = isApiError(query.error) && query.error.status === 400;
    body = (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p role="alert">{errorMessage(query.error)}</p>
        {badFilter ? (
          <Button variant="secondary" onClick={resetFilters}>
            {dealTexts.resetFilters}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {dealTexts.retry}
          </Button>
        )}
      </div>
    );
  } else if (rows.length === 0 && hasFilters) {
    body = (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="font-medium">{dealTexts.nothingFound}</p>
        <Button variant="secondary" size="lg" onClick={resetFilters}>
          {dealTexts.resetFilters}
        </Button>
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p className="text-muted-foreground">{texts.empty}</p>
        {canCreate ? (
          <>
            <Button asChild size="lg">
              <Link to={routes.new}>
                <Plus aria-hidden="true" />
                {texts.addLabel}
              </Link>
            </Button>
            <ImportFromTableLink kind={kind} />
          </>
        ) : null}
      </div>
    );
  } else {
    body = (
      <>
        {view === 'table' ? (
          <DealTable kind={kind} rows={rows} selection={selection} />
        ) : (
          <DealCards kind={kind} rows={rows} selection={selection} />
        )}
        <LoadMore query={query} auto />
      </>
    );
  }

  // A new filter's list is on its way: the previous one stays, dimmed, instead of a blank spinner.
  const refreshing = query.isPlaceholderData || data !== query.data;

  const addLink = canCreate ? (
    <Link
      to={routes.new}
      aria-label={texts.addLabel}
      className="mr-1 inline-flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground hover:bg-primary/90 active:bg-primary/80"
    >
      <Plus aria-hidden="true" className="size-6" />
    </Link>
  ) : undefined;

  return (
    <>
      {channelId !== undefined ? (
        <ScreenHeader
          title={`${texts.title} · ${channel.data?.name ?? ''}`}
          back={{ to: '/channels/$id', params: { id: String(channelId) } }}
          actions={addLink}
        />
      ) : (
        // The bin is the team's, not a channel's: its way in is on the team's list only.
        <ScreenHeader
          title={texts.title}
          back={{ to: '/dashboard' }}
          actions={
            <>
              {canCreate ? <ImportLink kind={kind} /> : null}
              <DeletedDealsLink kind={kind} />
              {addLink}
            </>
          }
        />
      )}
      <main className="flex flex-1 flex-col gap-3 px-4 pt-4 pb-6">
        <DealSearchBox value={filters.q} onSearch={(q) => setFilter('q', q)} />
        <DealFilters
          kind={kind}
          filters={filters}
          fixedChannel={channelId !== undefined}
          onChange={setFilter}
          onReset={resetFilters}
        />
        <div className="flex items-start justify-between gap-2">
          <DealTotals kind={kind} filters={filters} channelId={channelId} />
          {/* The file is exactly the list: its filters and its order, every page. */}
          <ExportButton
            path={`/${kind}/export`}
            query={dealListFilterQuery(kind, { filters, sort }, channelId)}
          />
        </div>
        <div className="flex items-center gap-2">
          <DealViewTabs view={view} tabsId={tabsId} onChange={setView} />
          {/* Several deals at once (issue 33): whoever records deals may change them. */}
          {canCreate && !selection.active && rows.length > 0 ? (
            <Button
              variant="secondary"
              size={null}
              className="min-h-12 px-3 text-sm"
              onClick={selection.start}
            >
              <ListChecks aria-hidden="true" />
              {bulkTexts.select}
            </Button>
          ) : null}
        </div>
        <div className="flex items-center justify-end gap-2 text-sm">
          <label htmlFor={sortId} className="whitespace-nowrap text-muted-foreground">
            {sort === 'costPerSubscriber' || sort === 'cpm' ? costTexts.cheapestFirst : dealTexts.order}
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) =>
              go(filters, {
                ...display,
                sort: dealSortsOf[kind].find((option) => option === event.target.value) ?? 'date',
              })
            }
            className="min-h-11 rounded-lg border border-input bg-card px-2 font-medium text-foreground"
          >
            {dealSortsOf[kind].map((option) => (
              <option key={option} value={option}>
                {option === 'date' ? texts.byDate : sortNames[option]}
              </option>
            ))}
          </select>
        </div>
        <div
          role="tabpanel"
          id={`${tabsId}-panel`}
          aria-labelledby={`${tabsId}-${view}`}
          aria-busy={refreshing || undefined}
          className={cn('flex flex-col gap-3 transition-opacity', refreshing && 'opacity-60')}
        >
          {body}
        </div>
        {selection.active ? (
          <Suspense fallback={null}>
            <BulkBar kind={kind} selection={selection} />
          </Suspense>
        ) : null}
      </main>
    </>
  );
}

/**
 * A filter of a hand-edited address that the list cannot use (`?statusId=abc`) is no filter: the route's validation
 * left it out and the router wrote the address without it, in place. Say which, in one toast.
 */
function useDroppedFiltersToast(kind: DealKind) {
  // After every render: asking forgets, so each address is told once.
  useEffect(() => {
    const dropped = takeDroppedFilters(kind);
    if (dropped.length > 0) notifyFailure(droppedFiltersText(dropped));
  });
}
