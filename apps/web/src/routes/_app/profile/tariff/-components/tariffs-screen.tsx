import type { CurrentTariff } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { CalendarClock, Gift, Megaphone } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { Spinner } from '@/components/ui/spinner';
import { SupportLink } from '@/features/support/components/support-link';
import { useCurrentTariff } from '@/features/tariffs/api/get-current-tariff';
import { useTariffs } from '@/features/tariffs/api/get-tariffs';
import { CURRENT_TARIFF } from '@/features/tariffs/lib/tariffs';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { channelLimitText, pricePerMonth, type TariffTerms, termText, totalText } from './tariff-terms';

/**
 * /profile/tariff (spec §2.12): the three paid tariffs with their limits, terms and prices, the free trial while the
 * team may still start it (`trialAvailable`: never used, no tariff running), and 'Собрать свой тариф' (the support
 * chat: decisions D2; payment is out of scope). The team's tariff now is marked 'Текущий тариф'.
 */
export function TariffsScreen() {
  const tariffs = useTariffs();
  const current = useCurrentTariff();

  let body: ReactNode;
  if (tariffs.isPending) {
    body = <Spinner className="py-12" />;
  } else if (tariffs.isError) {
    body = <ErrorState error={tariffs.error} onRetry={() => void tariffs.refetch()} />;
  } else {
    body = (
      <ul aria-label="Тарифы" className="flex flex-col gap-3">
        {tariffs.data.map((tariff) => (
          <li key={tariff.id}>
            <TariffCard tariff={tariff} current={current.data} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <ScreenHeader title="Тарифы" back={{ to: '/profile' }} />
      <ScreenMain className="gap-4 px-4 pt-4">
        {body}

        {current.data ? <TrialCard current={current.data} /> : null}

        <div className="flex flex-col gap-2 pt-2 text-center">
          <p className="text-muted-foreground text-sm">
            Нужно больше каналов или другой срок? Соберём тариф под вашу сеть.
          </p>
          <SupportLink variant="secondary">Собрать свой тариф</SupportLink>
        </div>
      </ScreenMain>
    </>
  );
}

function TariffCard({
  tariff,
  current,
}: {
  tariff: TariffTerms & { id: string };
  current: CurrentTariff | undefined;
}) {
  const titleId = useId();
  const mine = current?.tariff?.id === tariff.id;
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      aria-current={mine || undefined}
      className={mine ? 'border-primary ring-1 ring-primary' : undefined}
    >
      <div className="flex flex-col gap-3 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id={titleId} className="font-bold text-xl tracking-tight">
            {tariff.name}
          </h2>
          {mine ? <CurrentBadge /> : null}
        </div>
        <ul className="flex flex-col gap-1.5 text-sm">
          <li className="flex items-center gap-2">
            <Megaphone aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {channelLimitText(tariff.channels, true)}
          </li>
          <li className="flex items-center gap-2">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            Срок — {termText(tariff)}
          </li>
        </ul>
        <div>
          <p className="font-bold text-2xl">{pricePerMonth(tariff)}</p>
          <p className="text-muted-foreground text-sm">{totalText(tariff)}</p>
        </div>
        <Button asChild variant="secondary" size="lg">
          <Link
            to="/profile/tariff/$tariff"
            params={{ tariff: tariff.id }}
            aria-label={`Подробнее о тарифе ${tariff.name}`}
          >
            Подробнее
          </Link>
        </Button>
      </div>
    </Card>
  );
}

function CurrentBadge() {
  return (
    <span className="shrink-0 rounded-full bg-primary px-2.5 py-0.5 font-medium text-primary-foreground text-xs">
      {CURRENT_TARIFF}
    </span>
  );
}

/**
 * The free trial: offered while the server says the team may start it; the team's tariff now while it runs; gone
 * once it was used or a paid tariff runs (starting it would only be refused).
 */
function TrialCard({ current }: { current: CurrentTariff }) {
  const titleId = useId();
  const trial = current.tariff?.id === 'trial' ? current.tariff : null;
  const running = trial !== null;
  if (!running && !current.trialAvailable) return null;
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      aria-current={running || undefined}
      className={cn('flex flex-col gap-3 p-4', running && 'border-primary ring-1 ring-primary')}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-emerald-500/15 text-emerald-700 dark:text-emerald-300">
          <Gift aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
            <h2 id={titleId} className="font-semibold">
              Пробный период
            </h2>
            {running ? <CurrentBadge /> : null}
          </div>
          <p className="text-muted-foreground text-sm">
            {running
              ? `${current.endsAt ? `Действует до ${formatDate(current.endsAt)}` : 'Действует'} · ${channelLimitText(trial.channels)}`
              : 'Месяц бесплатно для новых пользователей, до 10 каналов'}
          </p>
        </div>
      </div>
      {running ? null : (
        <Button asChild size="lg">
          <Link to="/profile/tariff/trial">Попробовать бесплатно</Link>
        </Button>
      )}
    </Card>
  );
}
