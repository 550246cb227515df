import { createFileRoute } from '@tanstack/react-router';
import { monthOf, todayDay } from '@/components/ui/period-picker-lib';
import { PayrollScreen } from '@/features/payroll';

type PayrollSearch = { month?: string };

/** /payroll 'Зарплаты' (docs/decisions/026): the month is a search param ('2026-11'), the current one by default. */
export const Route = createFileRoute('/_app/payroll')({
  validateSearch: ({ month }: Record<string, unknown>): PayrollSearch =>
    typeof month === 'string' ? { month } : {},
  component: PayrollPage,
});

function PayrollPage() {
  const { month } = Route.useSearch();
  // A month as '2026-11'; anything else is the current one.
  const shown = month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? `${month}-01` : monthOf(todayDay());
  const navigate = Route.useNavigate();
  return (
    <PayrollScreen
      month={shown}
      onMonthChange={(next) => void navigate({ search: { month: next.slice(0, 7) }, replace: true })}
    />
  );
}
