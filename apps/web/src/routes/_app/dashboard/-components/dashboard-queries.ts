import { channelsQueryOptions } from '@/features/channels/api/get-channels';
import { subordinatesQueryOptions } from '@/features/employees/api/get-subordinates';

// Kept apart from the screen: the route's loader (first-load code) imports these, the screen stays in its chunk.

/** The dashboard cards show this many avatars, then '+N' (spec §9). */
export const DASHBOARD_PREVIEW = { limit: 3 } as const;

export const dashboardChannelsQuery = () => channelsQueryOptions(DASHBOARD_PREVIEW);

export const dashboardEmployeesQuery = (masterId: number) =>
  subordinatesQueryOptions(masterId, DASHBOARD_PREVIEW);
