import type { ClientDeal } from '@addesk/contract';
import { dealVocabulary } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { rowLinkClass } from '@/components/ui/row-link';
import { cancelledPriceClass, PaymentStateBadge, paymentStateShown } from '@/features/deals';
import { formatCalendarDay, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

/** One deal of a client: which kind, on which channel, when, its price, status and payment; opens the deal. */
export function ClientDealRow({ deal }: { deal: ClientDeal }) {
  const { words, routes } = dealVocabulary[deal.kind];
  return (
    <li className="border-b last:border-b-0">
      <Link to={routes.item} params={{ id: String(deal.id) }} className={rowLinkClass}>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          {/* Wrapped, not cut: the row's whole width holds it, 'Путешествия по Р…' was cut at 360 px. */}
          <span className="break-words font-medium">
            {words.one} · {deal.channel.name}
          </span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <span className="text-muted-foreground">{formatCalendarDay(deal.date)}</span>
            <span className={cn('tabular-nums', deal.cancelled && cancelledPriceClass)}>
              {formatMoney(deal.price)}
            </span>
            <span className="text-muted-foreground">{deal.status.name}</span>
            <PaymentStateBadge state={paymentStateShown(deal)} />
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </Link>
    </li>
  );
}
