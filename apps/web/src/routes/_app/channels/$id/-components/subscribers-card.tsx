import type { Channel, ChannelSubscribers } from '@addesk/contract';
import { MINUS } from '@addesk/contract/plain';
import { Minus, TrendingDown, TrendingUp, Users } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useChannelSubscribers } from '@/features/channels/api/get-channel-subscribers';
import { formatDate, formatDateTime, type PluralForms, pluralForm } from '@/lib/format';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';

const NBSP = '\u00a0';

/** '12345' -> '12 345': ru-RU groups, joined by non-breaking spaces so a figure never wraps. */
const grouped = (n: number) => String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, NBSP);

const subscriberForms: PluralForms = ['подписчик', 'подписчика', 'подписчиков'];
const joinedForms: PluralForms = ['Вступил', 'Вступили', 'Вступили'];

export const subscribersTexts = {
  title: 'Подписчики',
  notCounted: 'Число подписчиков появится, когда бот станет администратором канала.',
  botCardLink: 'Как сделать бота администратором',
  archivedNotCounted: 'Бот не считал подписчиков этого канала.',
  failed: 'Не удалось загрузить подписчиков.',
  retry: 'Повторить',
  change: (value: number | null, days: number) => {
    if (value === null) return `за ${days} дней — нет данных`;
    const sign = value > 0 ? '+' : value < 0 ? MINUS : '';
    return `${sign}${grouped(value)} за ${days} дней`;
  },
  joined: (joined: ChannelSubscribers['joined7d'], days: number) => {
    const total = joined.purchases + joined.organic;
    if (total === 0) return `За ${days} дней вступлений не было`;
    // Each number stays on the line of its word.
    return `${pluralForm(total, joinedForms)} за ${days}${NBSP}дней: ${grouped(joined.purchases)}${NBSP}по${NBSP}закупкам, ${grouped(joined.organic)}${NBSP}органически`;
  },
  countedAt: (at: string) => `Обновлено ${formatDateTime(at)}`,
  watching: (since: string) =>
    `Бот считает вступления только с ${formatDate(since)}, когда его сделали администратором; кто вступил раньше, не учтён. Органические — вступившие не по ссылке закупки, например по кнопке «Подписаться».`,
  notWatching: 'Вступления бот видит, только пока он администратор канала.',
};

/**
 * The channel's subscribers (issue 17): the bot's daily count and its change over 7 and 30 days, the joins it saw
 * split into purchases and organic, and plainly what it cannot count. Its own query, so the channel's screen
 * appears without waiting for it.
 */
export function SubscribersCard({ channel }: { channel: Channel }) {
  const query = useChannelSubscribers(channel.id);
  const titleId = useId();
  const archived = channel.archivedAt !== null;
  return (
    <Card role="region" aria-labelledby={titleId} aria-busy={query.isPending || undefined}>
      <CardHeader row className="items-center gap-3 pb-2">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-sky-500/15 text-sky-700 dark:text-sky-300">
          <Users aria-hidden="true" className="size-5" />
        </span>
        <CardTitle id={titleId}>{subscribersTexts.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm leading-relaxed">
        {query.isPending ? (
          <>
            <span className="block h-7 w-1/2 animate-pulse rounded bg-muted" />
            <span className="block h-4 w-3/4 animate-pulse rounded bg-muted" />
          </>
        ) : query.isError ? (
          <>
            <p>{subscribersTexts.failed}</p>
            <p className="text-muted-foreground">{errorMessage(query.error)}</p>
            <Button variant="secondary" className="self-start" onClick={() => void query.refetch()}>
              {subscribersTexts.retry}
            </Button>
          </>
        ) : query.data.count === null ? (
          archived ? (
            <p className="text-muted-foreground">{subscribersTexts.archivedNotCounted}</p>
          ) : (
            <>
              <p className="text-muted-foreground">{subscribersTexts.notCounted}</p>
              {/* The bot card above says how. */}
              <a
                href="#bot-card"
                className="-my-2 inline-flex min-h-11 items-center self-start text-link underline underline-offset-4"
              >
                {subscribersTexts.botCardLink}
              </a>
            </>
          )
        ) : (
          <Figures figures={query.data} count={query.data.count} />
        )}
      </CardContent>
    </Card>
  );
}

function Figures({ figures, count }: { figures: ChannelSubscribers; count: number }) {
  return (
    <>
      <p className="font-semibold text-2xl tabular-nums leading-tight">
        {grouped(count)}
        <span className="font-normal text-base text-muted-foreground">
          {NBSP}
          {pluralForm(count, subscriberForms)}
        </span>
      </p>
      <ul aria-label="Изменение" className="flex flex-wrap gap-2">
        <Change value={figures.change7d} days={7} />
        <Change value={figures.change30d} days={30} />
      </ul>
      <ul className="flex flex-col gap-1">
        <li>{subscribersTexts.joined(figures.joined7d, 7)}</li>
        <li>{subscribersTexts.joined(figures.joined30d, 30)}</li>
      </ul>
      {figures.countedAt ? (
        <p className="text-muted-foreground">{subscribersTexts.countedAt(figures.countedAt)}</p>
      ) : null}
      <p className="text-muted-foreground text-xs leading-relaxed">
        {figures.watchingSince
          ? subscribersTexts.watching(figures.watchingSince)
          : subscribersTexts.notWatching}
      </p>
    </>
  );
}

/** A change with its sign, an arrow and a colour: never the colour alone. */
function Change({ value, days }: { value: number | null; days: number }) {
  const Icon = value === null || value === 0 ? Minus : value > 0 ? TrendingUp : TrendingDown;
  return (
    <li
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 font-medium tabular-nums',
        value === null || value === 0
          ? 'bg-muted text-muted-foreground'
          : value > 0
            ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300'
            : 'bg-red-500/15 text-red-700 dark:text-red-300',
      )}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {subscribersTexts.change(value, days)}
    </li>
  );
}
