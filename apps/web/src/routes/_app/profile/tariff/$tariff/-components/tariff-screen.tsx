import { getRouteApi, Link } from '@tanstack/react-router';
import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { SupportLink } from '@/features/support/components/support-link';
import { useCurrentTariff } from '@/features/tariffs/api/get-current-tariff';
import { useTariffs } from '@/features/tariffs/api/get-tariffs';
import {
  CURRENT_TARIFF,
  tariffs as catalogue,
  isTariffSlug,
  type TariffSlug,
} from '@/features/tariffs/lib/tariffs';
import { formatDate } from '@/lib/format';
import {
  channelLimitText,
  pricePerMonth,
  type TariffTerms,
  termText,
  totalText,
} from '../../-components/tariff-terms';

const route = getRouteApi('/_app/profile/tariff/$tariff/');

const included = [
  'Каналы, продажи и закупки с фильтрами и таблицей',
  'Команда: роли, реквизиты и условия оплаты сотрудников',
  'Календарь размещений и уведомления от Telegram-бота',
] as const;

/** Until the server's catalogue arrives, the built-in one (the same terms) fills the page. */
function builtIn(slug: TariffSlug): TariffTerms {
  const { title, maxChannels, months, pricePerMonth } = catalogue[slug];
  return { name: title, channels: maxChannels, months, pricePerMonth };
}

/**
 * /profile/tariff/{tariff} (spec §2.12): the terms of one tariff; 'Подключить тариф' opens the support chat, since
 * an operator connects paid tariffs (payment is out of scope), 'Продлить бесплатно' the referral bonus,
 * 'Поменять тариф' goes back to the profile (spec).
 */
export function TariffScreen() {
  const params = route.useParams();
  // The parent route lets only a known tariff through.
  const slug: TariffSlug = isTariffSlug(params.tariff) ? params.tariff : 'baza-3';
  const { data: list } = useTariffs();
  const { data: current } = useCurrentTariff();
  const tariff = list?.find((item) => item.id === slug) ?? builtIn(slug);
  const mine = current?.tariff?.id === slug;

  return (
    <>
      <ScreenHeader title={`Тариф ${catalogue[slug].title}`} back={{ to: '/profile/tariff' }} />
      <ScreenMain className="gap-4 px-4 pt-4">
        <Card className="flex flex-col gap-4 p-4">
          <div className="flex flex-col gap-1">
            <div className="flex items-center justify-between gap-2">
              <h2 className="font-bold text-2xl tracking-tight">{tariff.name}</h2>
              {mine ? (
                <span className="rounded-full bg-primary px-2.5 py-0.5 font-medium text-primary-foreground text-xs">
                  {CURRENT_TARIFF}
                </span>
              ) : null}
            </div>
            {mine && current?.endsAt ? (
              <p className="text-muted-foreground text-sm">Действует до {formatDate(current.endsAt)}</p>
            ) : null}
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Каналы</dt>
            <dd className="text-right font-medium">{channelLimitText(tariff.channels)}</dd>
            <dt className="text-muted-foreground">Срок</dt>
            <dd className="text-right font-medium">{termText(tariff)}</dd>
            <dt className="text-muted-foreground">Цена</dt>
            <dd className="text-right font-medium">{pricePerMonth(tariff)}</dd>
            <dt className="text-muted-foreground">Итого</dt>
            <dd className="text-right font-medium">{totalText(tariff)}</dd>
          </dl>
          <ul className="flex flex-col gap-2 border-t pt-4 text-sm">
            {included.map((text) => (
              <li key={text} className="flex items-start gap-2">
                <Check
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                />
                {text}
              </li>
            ))}
          </ul>
        </Card>

        <p className="text-muted-foreground text-sm">
          Оплата в приложении пока недоступна: тариф подключает поддержка. Нажмите «Подключить тариф» и
          напишите нам в Telegram, какой тариф вам нужен.
        </p>

        <div className="mt-auto flex flex-col gap-2 pt-2">
          <SupportLink>Подключить тариф</SupportLink>
          <Button asChild size="lg" variant="secondary">
            <Link to="/profile/tariff/$tariff/free-prolongation" params={{ tariff: slug }}>
              Продлить бесплатно
            </Link>
          </Button>
          <Button asChild size="lg" variant="ghost">
            <Link to="/profile">Поменять тариф</Link>
          </Button>
        </div>
      </ScreenMain>
    </>
  );
}
