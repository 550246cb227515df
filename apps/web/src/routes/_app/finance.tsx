import { createFileRoute } from '@tanstack/react-router';
import { todayDay } from '@/components/ui/period-picker-lib';
import { RequirePermission } from '@/features/auth/components/require-permission';
import { ExportButton } from '@/features/export';
import { financeSummaryQueryOptions } from '@/features/finance/api/get-finance-summary';
import { FinanceScreen } from '@/features/finance/components/finance-screen';
import { financeSummaryQueryOf, validateFinanceSearch } from '@/features/finance/lib/finance-search';

/** /finance (issue 15, decisions D5): the period, channel and basis are search params, like the lists' filters. */
export const Route = createFileRoute('/_app/finance')({
  validateSearch: validateFinanceSearch,
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the screen shows its own spinner, and a new period keeps the old numbers until it loads. The
  // debts, below the figures and the chart, are asked for by their section: their call stays out of the first-load chunk.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(
      financeSummaryQueryOptions(financeSummaryQueryOf(deps, todayDay())),
    );
  },
  component: FinancePage,
});

function FinancePage() {
  const navigate = Route.useNavigate();
  const search = Route.useSearch();
  return (
    <RequirePermission
      allowed={(p) => p.finance}
      title="Финансы"
      text="Финансы видят владелец команды и администраторы каналов."
    >
      <FinanceScreen
        search={search}
        onSearchChange={(next) => void navigate({ search: next, replace: true })}
        // The ledger behind the screen's figures: its period, channel and basis.
        actions={<ExportButton path="/finance/export" query={financeSummaryQueryOf(search, todayDay())} />}
      />
    </RequirePermission>
  );
}
