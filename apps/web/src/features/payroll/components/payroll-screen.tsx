import type { PayrollItem } from '@addesk/contract';
import { ChevronDown, ChevronLeft, ChevronRight, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineErrorState } from '@/components/ui/error-state';
import { monthOf, monthTitle, shiftMonth, todayDay } from '@/components/ui/period-picker-lib';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useCurrentUser } from '@/features/auth';
import { rateText } from '@/features/employees';
import { ExportButton } from '@/features/export';
import { formatMoney, plural } from '@/lib/format';
import { cn } from '@/lib/utils';
import { type PayrollPeriod, usePayroll } from '../api/payroll';
import { PayoutSheet } from './payout-sheet';
import { PersonDetails } from './person-details';

/** The month of `month` (its first day) as a period: its first and its last day. */
function monthPeriod(month: string): PayrollPeriod {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: month, to: `${month.slice(0, 8)}${String(last).padStart(2, '0')}` };
}

/** 'К выплате 600 руб' or, paid beyond what accrued, 'Переплата 5 000 руб'. */
function dueText(due: number) {
  return due < 0 ? `Переплата ${formatMoney(-due)}` : `К выплате ${formatMoney(due)}`;
}

const basisText = (line: PayrollItem['lines'][number]) => {
  switch (line.salaryTypeId) {
    case 1:
      return `${String(Math.round(line.basis * 100) / 100).replace('.', ',')} мес.`;
    case 2:
    case 3:
      return `оплаты ${formatMoney(line.basis)}`;
    case 4:
      return plural(line.basis, ['пост', 'поста', 'постов']);
    default:
      return '';
  }
};

/**
 * /payroll 'Зарплаты' (docs/decisions/026): each person's pay for a month by the rates of their roles, what was paid
 * out and what is still due; the owner pays out from here. A percent is of the money received in the month.
 */
export function PayrollScreen({
  month,
  onMonthChange,
}: {
  month: string;
  onMonthChange: (month: string) => void;
}) {
  const { data: user } = useCurrentUser();
  const period = monthPeriod(month);
  const query = usePayroll(period);
  const current = monthOf(todayDay());

  return (
    <>
      <ScreenHeader
        title="Зарплаты"
        back={{ to: '/dashboard' }}
        actions={<ExportButton path="/payroll/export" query={period} />}
      />
      <ScreenMain className="gap-4 px-4 pt-4">
        <nav aria-label="Месяц" className="flex items-center justify-between gap-2">
          <Button
            variant="ghost"
            size="icon"
            aria-label="Предыдущий месяц"
            onClick={() => onMonthChange(shiftMonth(month, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <h2 className="font-semibold text-lg">{monthTitle(month)}</h2>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Следующий месяц"
            disabled={month >= current}
            onClick={() => onMonthChange(shiftMonth(month, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>

        {query.isPending ? (
          <span aria-hidden="true" className="block h-24 animate-pulse rounded-xl bg-muted" />
        ) : query.isError ? (
          <InlineErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <section aria-label="Итого за месяц" className="grid grid-cols-2 gap-2">
              <Figure label="Начислено" value={formatMoney(query.data.total.accrued)} />
              <Figure label="Выплачено" value={formatMoney(query.data.total.paid)} />
              <Figure
                wide
                label={query.data.total.due < 0 ? 'Переплата' : 'К выплате'}
                value={formatMoney(Math.abs(query.data.total.due))}
              />
            </section>
            <p className="text-muted-foreground text-sm">
              Процент начисляется с оплат, поступивших за месяц; отменённые и удалённые сделки не
              оплачиваются.
            </p>
            <ul aria-label="Сотрудники" className="flex flex-col gap-3">
              {query.data.items.map((item) => (
                <PersonPay
                  key={item.employeeId}
                  item={item}
                  period={period}
                  canPay={user?.isOwner === true}
                />
              ))}
            </ul>
          </>
        )}
      </ScreenMain>
    </>
  );
}

function Figure({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1 rounded-xl border bg-card p-3', wide && 'col-span-2')}>
      <span className="text-muted-foreground text-sm">{label}</span>
      <span className={cn('break-words font-semibold tabular-nums', wide ? 'text-2xl' : 'text-lg')}>
        {value}
      </span>
    </div>
  );
}

function PersonPay({ item, period, canPay }: { item: PayrollItem; period: PayrollPeriod; canPay: boolean }) {
  const [open, setOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  const detailsId = useId();
  return (
    <li className="flex flex-col gap-2 rounded-xl border bg-card p-3 text-card-foreground">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen(!open)}
        className="flex min-h-12 w-full items-center gap-3 text-left"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{item.name}</span>
          <span className="block text-muted-foreground text-sm tabular-nums">
            Начислено {formatMoney(item.accrued)} · выплачено {formatMoney(item.paid)}
          </span>
          <span
            className={cn(
              'block font-medium text-sm tabular-nums',
              item.due < 0 && 'text-amber-700 dark:text-amber-400',
            )}
          >
            {dueText(item.due)}
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')}
        />
      </button>
      {open ? (
        <div id={detailsId} className="flex flex-col gap-2 border-t pt-2">
          {item.lines.length === 0 ? (
            <p className="text-muted-foreground text-sm">Ролей с условиями оплаты нет</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {item.lines.map((line) => (
                <li key={`${line.channelId}-${line.roleId}`} className="flex flex-col text-sm">
                  <span className="font-medium">
                    {line.channelName} · {line.roleName}
                  </span>
                  <span className="text-muted-foreground">{rateText(line.salaryTypeId, line.rate)}</span>
                  <span className="tabular-nums">
                    {basisText(line)}: {formatMoney(line.amount)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <PersonDetails employeeId={item.employeeId} period={period} canPay={canPay} />
          {canPay ? (
            <Button size="lg" onClick={() => setPaying(true)}>
              <Wallet aria-hidden="true" />
              Выплатить
            </Button>
          ) : null}
        </div>
      ) : null}
      {canPay ? <PayoutSheet item={item} open={paying} onOpenChange={setPaying} /> : null}
    </li>
  );
}
