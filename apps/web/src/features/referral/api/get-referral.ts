import type { Referral } from '@addesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '@/lib/api-client';
import { referralQueryKey } from '@/lib/query-keys';

/** GET /api/referral/qr.svg: the QR code of the user's link, drawn by the server (an <img> source). */
export const REFERRAL_QR_URL = `${API_BASE}/referral/qr.svg`;

/** GET /api/referral: the user's code, link, and how many friends came and brought a reward. */
export function getReferral(signal?: AbortSignal) {
  return apiRequest<Referral>('GET', '/referral', { signal });
}

export const referralQueryOptions = () =>
  queryOptions({
    queryKey: referralQueryKey,
    queryFn: ({ signal }) => getReferral(signal),
  });

export function useReferral() {
  return useQuery(referralQueryOptions());
}
