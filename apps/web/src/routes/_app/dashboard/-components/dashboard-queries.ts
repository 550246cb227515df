import { todayDay } from '@/components/ui/period-picker-lib';
import { channelsQueryOptions } from '@/features/channels/api/get-channels';
import { subordinatesQueryOptions } from '@/features/employees/api/get-subordinates';
import { financeSummaryQueryOptions } from '@/features/finance/api/get-finance-summary';
import { currentMonthQuery } from '@/features/finance/lib/finance-search';

// Kept apart from the screen: the route's loader (first-load code) imports these, the screen stays in its chunk.

/** The dashboard cards show this many avatars, then '+N' (spec §9). */
export const DASHBOARD_PREVIEW = { limit: 3 } as const;

export const dashboardChannelsQuery = () => channelsQueryOptions(DASHBOARD_PREVIEW);

export const dashboardEmployeesQuery = (masterId: number) =>
  subordinatesQueryOptions(masterId, DASHBOARD_PREVIEW);

/** The 'Финансы' tile's figure: this month's profit of the whole team. */
export const dashboardFinanceQuery = () => financeSummaryQueryOptions(currentMonthQuery(todayDay()));
