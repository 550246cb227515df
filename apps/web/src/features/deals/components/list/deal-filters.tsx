import { type DealKind, dealVocabulary, paymentStateNames, paymentStates } from '@addesk/contract/plain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { channelsQueryOptions } from '@/features/channels';
import { teamPagesQueryOptions } from '@/features/employees';
import { CalendarPeriodFilter } from '@/features/filters';
import { useDealStatuses } from '../../api/get-statuses';
import {
  type DealFilterName,
  type DealFilters as Filters,
  filterIds,
  paymentStatesOf,
} from '../../lib/deal-search';
import { dealTexts } from '../../lib/kinds';
import { type FilterOption, OptionFilter } from './option-filter';

/** Enough for any team's channels and people in one answer (the server's page limit). */
const OPTIONS_LIMIT = 200;

const paymentOptions: FilterOption[] = paymentStates.map((state) => ({
  id: state,
  label: paymentStateNames[state],
}));

export type DealFiltersProps = {
  kind: DealKind;
  filters: Filters;
  /** One channel's list: no channel chip. */
  fixedChannel?: boolean;
  onChange: (name: DealFilterName, value: string | undefined) => void;
  /** Clears every filter at once (shown while any is set). */
  onReset: () => void;
};

/**
 * The filter row of the lists (spec §2.5/§2.6): Канал (the team's channels), Статус (the kind's statuses),
 * Менеджер (the team, by first name), Период and Оплата (the payment states, decisions D5). Their options load with the screen, so a chip can name what is
 * chosen and its picker opens ready.
 */
export function DealFilters({ kind, filters, fixedChannel = false, onChange, onReset }: DealFiltersProps) {
  const channels = useQuery({ ...channelsQueryOptions({ limit: OPTIONS_LIMIT }), enabled: !fixedChannel });
  // A channel archived since it went into the address is not among the live ones: the archive names it.
  const chosenChannelIds = useMemo(() => filterIds(filters.channelId), [filters.channelId]);
  const archived = useQuery({
    ...channelsQueryOptions({ limit: OPTIONS_LIMIT, archived: true }),
    enabled:
      channels.isSuccess &&
      chosenChannelIds.some((id) => !channels.data.items.some((channel) => channel.id === id)),
  });
  const statuses = useDealStatuses(kind);
  const team = useInfiniteQuery(teamPagesQueryOptions(OPTIONS_LIMIT));

  const channelOptions = useMemo<FilterOption[] | undefined>(
    () =>
      channels.data?.items
        .concat(archived.data?.items.filter((channel) => chosenChannelIds.includes(channel.id)) ?? [])
        .map((channel) => ({
          id: channel.id,
          label: channel.name.trim() || dealTexts.unknownChannel,
          hint: channel.archivedAt ? dealTexts.archivedChannel : undefined,
          avatar: { name: channel.name, src: channel.iconLink },
        })),
    [channels.data, archived.data, chosenChannelIds],
  );
  const statusOptions = useMemo<FilterOption[] | undefined>(
    () => statuses.data?.map((status) => ({ id: status.id, label: status.name })),
    [statuses.data],
  );
  const managerOptions = useMemo<FilterOption[] | undefined>(() => {
    const people = team.data?.pages.flatMap((page) => page.items);
    if (!people) return undefined;
    const firstNames = new Map<string, number>();
    for (const person of people)
      firstNames.set(person.firstName, (firstNames.get(person.firstName) ?? 0) + 1);
    return people.map((person) => ({
      id: person.id,
      // Spec §2.5: labelled by first name; the second name only tells apart two people of the same first name.
      label: person.firstName,
      hint: (firstNames.get(person.firstName) ?? 0) > 1 ? person.secondName : undefined,
      avatar: { name: `${person.firstName} ${person.secondName}`, src: person.iconLink },
    }));
  }, [team.data]);

  return (
    <ul aria-label={dealTexts.filters} className="flex flex-wrap gap-2">
      {fixedChannel ? null : (
        <li className="min-w-0 max-w-full">
          <OptionFilter
            name={dealTexts.filterChannel}
            value={filters.channelId}
            onApply={(value) => onChange('channelId', value)}
            options={channelOptions}
            pending={channels.isPending}
            error={channels.error}
            onRetry={() => void channels.refetch()}
          />
        </li>
      )}
      <li className="min-w-0 max-w-full">
        <OptionFilter
          name={dealTexts.filterStatus}
          value={filters.statusId}
          onApply={(value) => onChange('statusId', value)}
          options={statusOptions}
          pending={statuses.isPending}
          error={statuses.error}
          onRetry={() => void statuses.refetch()}
        />
      </li>
      <li className="min-w-0 max-w-full">
        <OptionFilter
          name={dealTexts.filterManager}
          value={filters.by}
          onApply={(value) => onChange('by', value)}
          options={managerOptions}
          pending={team.isPending}
          error={team.error}
          onRetry={() => void team.refetch()}
        />
      </li>
      <li className="min-w-0 max-w-full">
        <CalendarPeriodFilter
          value={filters.dateCondition}
          onApply={(value) => onChange('dateCondition', value)}
          hint={dealVocabulary[kind].words.periodHint}
        />
      </li>
      <li className="min-w-0 max-w-full">
        <OptionFilter
          name={dealTexts.payment}
          value={filters.paymentState}
          chosenOf={paymentStatesOf}
          onApply={(value) => onChange('paymentState', value)}
          options={paymentOptions}
        />
      </li>
      {Object.keys(filters).length > 0 ? (
        <li>
          <button
            type="button"
            onClick={onReset}
            className="inline-flex min-h-11 items-center rounded-full px-3 font-medium text-link text-sm hover:bg-accent"
          >
            {dealTexts.reset}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
