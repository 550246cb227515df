import { createFileRoute } from '@tanstack/react-router';
import { todayDay } from '@/components/ui/period-picker-lib';
import { ownerOnlyText, RequirePermission } from '@/features/auth/components/require-permission';
import { MarkingScreen, shownMonth } from '@/features/marking';

type MarkingSearch = { month?: string };

/**
 * /marking 'Маркировка' (issue 35), the owner's: the month is a search param ('2026-11'). Only kept as a string here
 * (the very function of /payroll's route, which gzip then takes for nothing) and checked with the contract's
 * MONTH_PATTERN by the page (`shownMonth`, which also picks the default month and says why): the route's options ride
 * on every screen's first load, the page is split off. No loader, for the same reason: the screen asks for its month
 * itself and shows a placeholder meanwhile.
 */
export const Route = createFileRoute('/_app/marking')({
  validateSearch: ({ month }: Record<string, unknown>): MarkingSearch =>
    typeof month === 'string' ? { month } : {},
  component: MarkingPage,
});

function MarkingPage() {
  const { month } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RequirePermission allowed={(p) => p.owner} title="Маркировка" text={ownerOnlyText}>
      <MarkingScreen
        month={shownMonth(month, todayDay())}
        onMonthChange={(next) => void navigate({ search: { month: next }, replace: true })}
      />
    </RequirePermission>
  );
}
