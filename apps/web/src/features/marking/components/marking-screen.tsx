import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, Download, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { InlineErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { monthTitle, shiftMonth, todayDay } from '@/components/ui/period-picker-lib';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { API_BASE } from '@/lib/api-client';
import { formatCalendarDay } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useMarkingMonth } from '../api/get-marking-month';
import { useSendMarkingMonth } from '../api/send-marking-month';
import { deadlineText } from '../lib/days-left';
import { totalsText } from '../lib/marking-month';
import { MarkingDealCard } from './marking-deal-card';

/** The server's 400 when the team has no ОРД key ('Сначала добавьте ключ API ОРД в настройках'). */
const NO_KEY = /ключ API ОРД/i;

/** How many days before the deadline the line turns amber, as the dashboard's reminder does. */
const SOON_DAYS = 5;

/**
 * /marking 'Маркировка' (issue 35, docs/decisions/032), the owner's: a month's deals that need marking, what each
 * lacks, the views and act amounts to report, the deadline, 'Отправить в ОРД' and the file for a manual upload.
 * `month` is 'yyyy-mm'.
 */
export function MarkingScreen({
  month,
  onMonthChange,
}: {
  month: string;
  onMonthChange: (month: string) => void;
}) {
  const current = todayDay().slice(0, 7);
  const shift = (by: number) => onMonthChange(shiftMonth(`${month}-01`, by).slice(0, 7));
  return (
    <>
      <ScreenHeader title="Маркировка" back={{ to: '/dashboard' }} />
      <ScreenMain className="gap-4 px-4 pt-4">
        <nav aria-label="Месяц" className="flex items-center justify-between gap-2">
          <Button variant="ghost" size="icon" aria-label="Предыдущий месяц" onClick={() => shift(-1)}>
            <ChevronLeft aria-hidden="true" />
          </Button>
          <h2 className="font-semibold text-lg">{monthTitle(`${month}-01`)}</h2>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Следующий месяц"
            disabled={month >= current}
            onClick={() => shift(1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
        {/* Keyed by the month: a sent month's answer does not stay under the next one. */}
        <MonthPaperwork key={month} month={month} />
      </ScreenMain>
    </>
  );
}

function MonthPaperwork({ month }: { month: string }) {
  const query = useMarkingMonth(month);
  if (query.isPending)
    return <span aria-hidden="true" className="block h-32 animate-pulse rounded-xl bg-muted" />;
  if (query.isError) return <InlineErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const [first] = query.data.pages;
  if (!first) return null;
  const deals = query.data.pages.flatMap((page) => page.deals);
  return (
    <>
      <section aria-label="Срок и итоги" className="flex flex-col gap-1">
        {/* A month without placements owes nothing: its deadline is said plainly, without a warning's colour. */}
        <p
          className={cn(
            'font-medium',
            first.totals.deals === 0
              ? 'text-muted-foreground'
              : first.daysLeft < 0
                ? 'text-destructive'
                : first.daysLeft <= SOON_DAYS && first.totals.withMissing > 0
                  ? 'text-amber-700 dark:text-amber-400'
                  : undefined,
          )}
        >
          {deadlineText(formatCalendarDay(first.deadline), first.daysLeft)}
        </p>
        {first.totals.deals > 0 ? (
          <p className="text-muted-foreground text-sm tabular-nums">{totalsText(first.totals)}</p>
        ) : null}
      </section>

      {deals.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
          В этом месяце нет размещений
        </p>
      ) : (
        <>
          <SendToOrd month={month} />
          <div className="flex gap-2">
            <ExportLink month={month} format="xlsx" label="Скачать XLSX" />
            <ExportLink month={month} format="csv" label="CSV" />
          </div>
          <ul aria-label="Сделки месяца" className="flex flex-col gap-3">
            {deals.map((deal) => (
              <MarkingDealCard key={`${deal.kind}-${deal.id}`} deal={deal} />
            ))}
          </ul>
          <LoadMore query={query} />
        </>
      )}
    </>
  );
}

/** 'Отправить в ОРД': the month's statistics and acts queued; the count queued, or the server's reason, below it. */
function SendToOrd({ month }: { month: string }) {
  const send = useSendMarkingMonth(month);
  const problem = send.isError ? errorMessage(send.error) : undefined;
  return (
    <div className="flex flex-col gap-2">
      <Button size="lg" disabled={send.isPending} onClick={() => send.mutate()}>
        <Send aria-hidden="true" />
        {send.isPending ? 'Отправляем…' : 'Отправить в ОРД'}
      </Button>
      <p className="text-muted-foreground text-sm">Статистика и акты сделок, которые регистрируем мы</p>
      {send.isSuccess ? (
        <p role="status" className="font-medium text-sm">
          Отправлено в очередь: {send.data.queued}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-destructive text-sm">
          {problem}
          {NO_KEY.test(problem) ? (
            <>
              {' '}
              <Link
                to="/profile/settings/ord"
                className="inline-flex min-h-11 items-center font-medium text-link underline underline-offset-4"
              >
                Настройки ОРД
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** The month's file in the ОРД's field names, for a manual upload: a plain download, the session cookie goes along. */
function ExportLink({ month, format, label }: { month: string; format: 'xlsx' | 'csv'; label: string }) {
  return (
    <Button asChild variant="secondary" grow>
      <a href={`${API_BASE}/marking/months/${month}/export?format=${format}`} download>
        <Download aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
