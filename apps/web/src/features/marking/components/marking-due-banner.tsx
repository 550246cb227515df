import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { formatCalendarDay, monthNames, plural, pluralForm } from '@/lib/format';
import { type MarkingDue, useMarkingDue } from '../api/get-marking-due';

// Its words are its own rather than lib/days-left's, and the month's name lib/format's: the dashboard carries this on
// its first load, so it brings no module along.

/** 'Маркировка за ноябрь: до 30.12.2026 осталось 5 дней, не хватает данных по 3 сделкам' */
export const dueText = ({ month, deadline, daysLeft, withMissing }: NonNullable<MarkingDue>) =>
  `Маркировка за ${monthNames.nominative[Number(month.slice(5, 7)) - 1]?.toLowerCase()}: до ${formatCalendarDay(deadline)} ${
    daysLeft === 0
      ? 'срок сегодня'
      : `${pluralForm(daysLeft, ['остался', 'осталось', 'осталось'])} ${plural(daysLeft, ['день', 'дня', 'дней'])}`
  }, не хватает данных по ${plural(withMissing, ['сделке', 'сделкам', 'сделкам'])}`;

/**
 * The owner's reminder on /dashboard (issue 35): while a month's deadline is within 5 days and some of its deals lack
 * data (GET /api/marking/due), a line leading to that month on /marking; nothing otherwise, or while it loads or fails.
 * Part of the dashboard's own chunk: a lazy chunk of its own would cost more bytes than it holds.
 */
export function MarkingDueBanner() {
  const { data: due } = useMarkingDue();
  if (!due) return null;
  return (
    <Link
      to="/marking"
      search={{ month: due.month }}
      className="flex min-h-14 items-center gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-3 text-sm hover:bg-amber-500/15 active:bg-amber-500/20"
    >
      <span className="min-w-0 flex-1">{dueText(due)}</span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
    </Link>
  );
}
