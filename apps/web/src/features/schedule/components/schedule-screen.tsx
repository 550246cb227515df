import type { DealKind } from '@addesk/contract';
import { dealVocabulary } from '@addesk/contract/plain';
import type { RegisteredRouter, ValidateLinkOptions } from '@tanstack/react-router';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { type DayRange, parsePeriod, periodValue, todayDay } from '@/components/ui/period-picker-lib';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { Segmented } from '@/components/ui/segmented';
import { Spinner } from '@/components/ui/spinner';
import { CalendarPeriodFilter, ChannelFilter } from '@/features/filters';
import { cn } from '@/lib/utils';
import { useSchedulePages } from '../api/get-schedule';
import { type ScheduleSearch, scheduleFilters } from '../lib/schedule-search';
import { scheduleTexts } from '../lib/texts';
import { Agenda } from './agenda';
import { MonthView } from './month-view';

export type ScheduleScreenProps<TOptions> = {
  search: ScheduleSearch;
  /** Replaces the address's search params (filters, view). */
  onSearchChange: (search: ScheduleSearch) => void;
  /** A channel's own schedule: its id and name (the title); the channel filter is not shown then. */
  channel?: { id: number; name: string | undefined };
  back?: ValidateLinkOptions<RegisteredRouter, TOptions>;
};

type KindChoice = DealKind | 'all';

const kindOptions: ReadonlyArray<{ value: KindChoice; label: string }> = [
  { value: 'all', label: scheduleTexts.all },
  { value: 'sale', label: dealVocabulary.sale.words.title },
  { value: 'purchase', label: dealVocabulary.purchase.words.title },
];

const viewOptions = [
  { value: 'agenda', label: scheduleTexts.agenda },
  { value: 'month', label: scheduleTexts.month },
] as const;

/**
 * The placement schedule (issue 14): the team's placements, or one channel's, by day of the team's zone; filters by
 * channel, kind and period; a month view with the number of placements per day that opens the agenda of a day.
 */
export function ScheduleScreen<TOptions>({
  search,
  onSearchChange,
  channel,
  back,
}: ScheduleScreenProps<TOptions>) {
  const today = todayDay();
  const filters = scheduleFilters(search, today, channel?.id);
  const schedule = useSchedulePages(filters);
  const items = schedule.data?.pages.flatMap((page) => page.items) ?? [];
  const title = channel ? scheduleTexts.channelTitle(channel.name ?? '…') : scheduleTexts.title;

  const change = (next: Partial<ScheduleSearch>) => {
    const merged: ScheduleSearch = { ...search, ...next };
    for (const key of Object.keys(merged) as (keyof ScheduleSearch)[]) {
      if (merged[key] === undefined) delete merged[key];
    }
    onSearchChange(merged);
  };
  const showPeriod = (range: DayRange) =>
    change({ from: range.from, to: range.to ?? range.from, view: undefined });

  return (
    <>
      <ScreenHeader title={title} back={(back ?? { to: '/dashboard' }) as ValidateLinkOptions} />
      <ScreenMain className="gap-4 px-4 pt-4">
        <div className="flex flex-col gap-3">
          <Segmented
            label={scheduleTexts.kindFilter}
            options={kindOptions}
            value={search.kind ?? 'all'}
            onChange={(kind) => change({ kind: kind === 'all' ? undefined : kind })}
          />
          <div className="flex flex-wrap items-center gap-2">
            {channel ? null : (
              <ChannelFilter value={search.channelId} onChange={(channelId) => change({ channelId })} />
            )}
            <CalendarPeriodFilter
              value={periodValue(filters)}
              hint={scheduleTexts.periodHint}
              onApply={(value) => showPeriod(parsePeriod(value))}
            />
          </div>
          <Segmented
            label={scheduleTexts.viewSwitch}
            options={viewOptions}
            value={search.view ?? 'agenda'}
            onChange={(view) => change({ view: view === 'month' ? 'month' : undefined })}
          />
        </div>

        {search.view === 'month' ? (
          <MonthView
            range={filters}
            today={today}
            kind={filters.kind}
            channelId={filters.channelId}
            onPick={showPeriod}
          />
        ) : schedule.isPending ? (
          <Spinner className="w-full py-12" />
        ) : schedule.isError && !schedule.data ? (
          <ErrorState error={schedule.error} onRetry={() => void schedule.refetch()} />
        ) : items.length === 0 ? (
          <p className="py-12 text-center text-muted-foreground">{scheduleTexts.empty}</p>
        ) : (
          <div
            aria-busy={schedule.isPlaceholderData}
            className={cn('flex flex-col gap-4', schedule.isPlaceholderData && 'opacity-60')}
          >
            <Agenda items={items} today={today} showChannel={channel === undefined} />
            <LoadMore query={schedule} />
          </div>
        )}
      </ScreenMain>
    </>
  );
}
