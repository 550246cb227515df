import type { Permissions } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import {
  BookUser,
  CalendarDays,
  LifeBuoy,
  type LucideIcon,
  Megaphone,
  ShoppingCart,
  TrendingUp,
  UserRound,
  Users,
  Wallet,
} from 'lucide-react';
import { MonthProfit } from '@/features/finance/components/month-profit';
import { cn } from '@/lib/utils';

type Tile = {
  to:
    | '/channels'
    | '/employees'
    | '/sales'
    | '/purchases'
    | '/clients'
    | '/content'
    | '/finance'
    | '/payroll'
    | '/faq';
  label: string;
  icon: LucideIcon;
  tone: string;
};

/** Whether the person's role gives the section anything to show (docs/decisions/024): no tile leads to a refusal. */
const allowed: Record<Tile['to'], (p: Permissions) => boolean> = {
  '/channels': (p) => p.schedule,
  '/employees': (p) => p.people,
  '/sales': (p) => p.sale.see,
  '/purchases': (p) => p.purchase.see,
  // The contacts of the deals one sees (access.policy.ts).
  '/clients': (p) => p.sale.see || p.purchase.see,
  '/content': (p) => p.schedule,
  '/finance': (p) => p.finance,
  // One's own pay, and that of the people under one: anyone who works on a channel, and the owner.
  '/payroll': (p) => p.owner || p.schedule,
  '/faq': () => true,
};

/** The seven sections of spec §2.4, in its order, with 'Клиенты' (issue 33) and 'Зарплаты' (docs/decisions/026). */
const tiles: readonly Tile[] = [
  { to: '/channels', label: 'Каналы', icon: Megaphone, tone: 'bg-sky-500/15 text-sky-600 dark:text-sky-300' },
  {
    to: '/employees',
    label: 'Сотрудники',
    icon: Users,
    tone: 'bg-violet-500/15 text-violet-600 dark:text-violet-300',
  },
  {
    to: '/sales',
    label: 'Продажи',
    icon: TrendingUp,
    tone: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  },
  {
    to: '/purchases',
    label: 'Закупки',
    icon: ShoppingCart,
    tone: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  },
  {
    to: '/clients',
    label: 'Клиенты',
    icon: BookUser,
    tone: 'bg-cyan-500/15 text-cyan-700 dark:text-cyan-300',
  },
  {
    to: '/content',
    label: 'Контент',
    icon: CalendarDays,
    tone: 'bg-pink-500/15 text-pink-600 dark:text-pink-300',
  },
  { to: '/finance', label: 'Финансы', icon: Wallet, tone: 'bg-teal-500/15 text-teal-700 dark:text-teal-300' },
  {
    to: '/payroll',
    label: 'Зарплаты',
    icon: UserRound,
    tone: 'bg-lime-500/15 text-lime-700 dark:text-lime-300',
  },
  {
    to: '/faq',
    label: 'Поддержка',
    icon: LifeBuoy,
    tone: 'bg-slate-500/15 text-slate-600 dark:text-slate-300',
  },
];

const MONTH_PROFIT_ID = 'dashboard-month-profit';

export function DashboardMenu({ permissions }: { permissions: Permissions }) {
  const shown = tiles.filter((tile) => allowed[tile.to](permissions));
  return (
    <nav aria-label="Разделы">
      <ul className="grid grid-cols-2 gap-3">
        {shown.map(({ to, label, icon: Icon, tone }, index) => {
          // An odd last tile spans the row, laid out as a row itself.
          const wide = index === shown.length - 1 && shown.length % 2 === 1;
          return (
            <li key={to} className={cn(wide && 'col-span-2')}>
              <Link
                to={to}
                aria-describedby={to === '/finance' ? MONTH_PROFIT_ID : undefined}
                className={cn(
                  'flex h-full gap-3 rounded-xl border bg-card p-3 font-medium text-card-foreground shadow-sm hover:bg-accent active:bg-accent/80',
                  wide ? 'min-h-16 items-center' : 'min-h-24 flex-col justify-between',
                )}
              >
                <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-lg', tone)}>
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                {to === '/finance' ? (
                  <span className="flex flex-col gap-1">
                    {label}
                    <MonthProfit id={MONTH_PROFIT_ID} />
                  </span>
                ) : (
                  label
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
