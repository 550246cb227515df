import type { DealKind } from '@addesk/contract';

/**
 * Every import query lives under ['imports'] (issue 37): a kind's list of past imports, one import (its state and
 * counts, polled while it commits) and the pages of its checked rows.
 */
export const importQueryKeys = {
  all: ['imports'] as const,
  list: (kind: DealKind) => ['imports', 'list', kind] as const,
  detail: (id: number) => ['imports', 'detail', id] as const,
  rows: (id: number, only: ImportRowsFilter) => ['imports', 'detail', id, 'rows', only] as const,
};

/** Which of the checked rows a page shows: all of them, or those that make no deal. */
export type ImportRowsFilter = 'all' | 'invalid';
