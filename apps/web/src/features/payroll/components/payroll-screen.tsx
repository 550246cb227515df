import { dealNumberRules, type PaymentMethod, type PayrollItem, readDealNumber } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { ChevronDown, ChevronLeft, ChevronRight, Wallet } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { monthOf, monthTitle, shiftMonth, todayDay } from '@/components/ui/period-picker-lib';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { useCurrentUser } from '@/features/auth';
import { rateText, usePaymentMethods } from '@/features/employees';
import { ExportButton } from '@/features/export';
import { formatCalendarDay, formatMoney, plural } from '@/lib/format';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { type PayrollPeriod, useEmployeePayroll, usePayout, usePayroll } from '../api/payroll';

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
          <PersonDetails employeeId={item.employeeId} period={period} />
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

/**
 * 'Выплатить': the amount, starting with what is due, the day (today on the team's clock) and a note, with the
 * person's requisites named where the money goes. The server's refusals go under their fields.
 */
function PayoutSheet({
  item,
  open,
  onOpenChange,
}: {
  item: PayrollItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const payout = usePayout(item.employeeId);
  const requisites = usePaymentMethods(item.employeeId);
  const formId = useId();
  const [methodId, setMethodId] = useState<number>();
  const where = requisites.data?.find((m) => m.id === methodId) ?? requisites.data?.[0];
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string>();
  // Each opening starts afresh: what is due now, today.
  useEffect(() => {
    if (!open) return;
    setAmount(item.due > 0 ? String(item.due).replace('.', ',') : '');
    setDate(formatCalendarDay(todayDay()));
    setNote('');
    setMethodId(undefined);
    setProblem(undefined);
  }, [open, item.due]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readDealNumber(dealNumberRules.price, amount);
    if ('error' in read || read.value <= 0) {
      setProblem('error' in read ? read.error : 'Сумма должна быть больше 0');
      return;
    }
    // The day as the product writes days (dd.mm.yyyy); the server checks that it is a real one.
    const day = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(date.trim());
    if (!day) {
      setProblem('Дата выплаты — в виде дд.мм.гггг');
      return;
    }
    payout.mutate(
      {
        amount: read.value,
        date: `${day[3]}-${day[2]}-${day[1]}`,
        ...(where ? { paymentMethodId: where.id } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: () => {
          onOpenChange(false);
          notifySuccess('Выплата записана');
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Выплатить: {item.name}</SheetTitle>
          <SheetDescription>{where ? requisitesText(where) : 'Реквизиты не указаны'}</SheetDescription>
        </SheetHeader>
        <form
          id={formId}
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-4 overflow-y-auto px-5 py-2"
        >
          <FormField label="Сумма, руб">
            {(ids) => (
              <Input
                id={ids.control}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                inputMode="decimal"
                autoComplete="off"
                aria-describedby={ids.describedBy}
              />
            )}
          </FormField>
          <FormField label="Дата выплаты">
            {(ids) => (
              <Input
                id={ids.control}
                type="date"
                value={date}
                onChange={(e) => setDate(e.target.value)}
                required
              />
            )}
          </FormField>
          <FormField label="Комментарий" optional>
            {(ids) => (
              <Input
                id={ids.control}
                value={note}
                maxLength={500}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </FormField>
        </form>
        <SheetFooter>
          {problem ? (
            <p role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          ) : null}
          <Button type="submit" form={formId} size="lg" disabled={payout.isPending}>
            {payout.isPending ? 'Записываем…' : 'Записать выплату'}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}

const requisitesText = (method: PaymentMethod) =>
  `${method.paymentMethodTypeName}: ${method.credentials}${method.description ? ` (${method.description})` : ''}`;

const kindWords = { sale: 'Продажа', purchase: 'Закупка' } as const;

/**
 * What stands behind a person's pay in the month (docs/decisions/026): the deals whose money was received (a percent)
 * or whose posts went out (pay per post), each opening its screen, and the payouts.
 */
function PersonDetails({ employeeId, period }: { employeeId: number; period: PayrollPeriod }) {
  const query = useEmployeePayroll(employeeId, period, true);
  if (query.isPending)
    return <span aria-hidden="true" className="block h-10 animate-pulse rounded-lg bg-muted" />;
  if (query.isError) return <InlineErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { deals, dealsTotal, payouts } = query.data;
  return (
    <div className="flex flex-col gap-2 text-sm">
      {deals.length > 0 ? (
        <ul aria-label="Сделки за месяц" className="flex flex-col gap-1">
          {deals.map((deal) => (
            <li key={`${deal.kind}-${deal.id}`}>
              <Link
                to={deal.kind === 'sale' ? '/sale/$id' : '/purchase/$id'}
                params={{ id: String(deal.id) }}
                className="flex min-h-11 flex-col justify-center rounded-lg px-2 hover:bg-accent"
              >
                <span>
                  {kindWords[deal.kind]} от {formatCalendarDay(deal.date)} · {formatMoney(deal.price)}
                </span>
                {deal.received > 0 ? (
                  <span className="text-muted-foreground">
                    получено за месяц {formatMoney(deal.received)}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {dealsTotal > deals.length ? (
        <p className="text-muted-foreground">
          и ещё {plural(dealsTotal - deals.length, ['сделка', 'сделки', 'сделок'])}
        </p>
      ) : null}
      {payouts.length > 0 ? (
        <ul aria-label="Выплаты за месяц" className="flex flex-col gap-1">
          {payouts.map((payout) => (
            <li key={payout.id} className="px-2 tabular-nums">
              Выплата {formatCalendarDay(payout.date)}: {formatMoney(payout.amount)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
