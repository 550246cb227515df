import type { Channel } from '@addesk/contract';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Archive, CalendarDays, ChevronRight, type LucideIcon, ShoppingCart, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useRestoreChannel } from '@/features/channels/api/archive-channel';
import { useChannel } from '@/features/channels/api/get-channel';
import { isApiError } from '@/lib/api-client';
import { parseId } from '@/lib/ids';
import { notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { ArchiveChannelSheet } from './archive-channel-sheet';
import { BotCard } from './bot-card';
import { ChannelFinanceCard } from './channel-finance-card';
import { EmployeesCard } from './employees-card';
import { PricesCard } from './prices-card';
import { SubscribersCard } from './subscribers-card';

const route = getRouteApi('/_app/channels/$id/');

/** Spec §2.10 / §8: the texts of a channel that cannot be shown. */
export const CHANNEL_ERROR_TITLE = 'Произошла ошибка';
export const CHANNEL_ERROR_TEXT =
  'Что-то пошло не так. Мы уже в курсе ситуации и работаем над ее устранением.';

/**
 * /channels/{id} (spec §2.10): the channel's name and picture, whether the bot can post, who works on it, its
 * sales, purchases and content, and moving it to the archive. An archived channel keeps its screen (its deals link
 * here) with 'Канал в архиве' and 'Восстановить' instead of the bot, the employees and the archive button.
 */
export function ChannelScreen() {
  const params = route.useParams();
  // The parent route lets only a well-formed id through.
  const id = parseId(params.id) ?? 0;
  const query = useChannel(id);
  const gone = isApiError(query.error) && query.error.code === 'NOT_FOUND';

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p role="status" className="py-16 text-center text-muted-foreground">
        Загрузка...
      </p>
    );
  } else if (query.isError && (gone || !query.data)) {
    body = <ChannelError error={query.error} />;
  } else {
    body = <ChannelDetails channel={query.data} />;
  }

  return (
    <>
      <ScreenHeader title="Канал" back={{ to: '/channels' }} />
      <ScreenMain className="gap-4 px-4 pt-4">{body}</ScreenMain>
    </>
  );
}

function ChannelError({ error }: { error: unknown }) {
  const gone = isApiError(error) && error.code === 'NOT_FOUND';
  const offline = isApiError(error) && error.status === 0;
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 py-12 text-center">
      <h2 className="font-semibold text-xl">{CHANNEL_ERROR_TITLE}</h2>
      <p className="max-w-xs text-muted-foreground">
        {gone
          ? 'Канал не найден: возможно, его уже удалили.'
          : offline && isApiError(error)
            ? error.message
            : CHANNEL_ERROR_TEXT}
      </p>
      <div className="mt-2 flex flex-col gap-2 self-stretch">
        <Button asChild size="lg">
          <Link to="/dashboard">На главную</Link>
        </Button>
        {gone ? (
          <Button asChild size="lg" variant="secondary">
            <Link to="/channels">К списку каналов</Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

type Section = {
  to: '/channels/$id/sales' | '/channels/$id/purchases' | '/channels/$id/content';
  label: string;
  icon: LucideIcon;
  tone: string;
};

/** The three link cards of spec §2.10 (a list of rows: fits any phone width), with the dashboard's icons. */
const sections: readonly Section[] = [
  {
    to: '/channels/$id/sales',
    label: 'Продажи',
    icon: TrendingUp,
    tone: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  },
  {
    to: '/channels/$id/purchases',
    label: 'Закупки',
    icon: ShoppingCart,
    tone: 'bg-amber-500/15 text-amber-700 dark:text-amber-300',
  },
  {
    to: '/channels/$id/content',
    label: 'Контент',
    icon: CalendarDays,
    tone: 'bg-pink-500/15 text-pink-600 dark:text-pink-300',
  },
];

function ChannelDetails({ channel }: { channel: Channel }) {
  const id = String(channel.id);
  const archived = channel.archivedAt !== null;
  return (
    <>
      {archived ? <ArchivedBanner channel={channel} /> : null}
      <section aria-labelledby="channel-name" className="flex flex-col items-center gap-2 pt-2 text-center">
        <Avatar name={channel.name} src={channel.iconLink} size="xl" />
        <h2 id="channel-name" className="max-w-full break-words font-semibold text-2xl leading-tight">
          {channel.name}
        </h2>
        <a
          href={`https://t.me/${channel.telegramNickName}`}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-11 max-w-full items-center truncate px-2 text-link underline-offset-4 hover:underline"
        >
          @{channel.telegramNickName}
          <span className="sr-only"> (откроется в Telegram)</span>
        </a>
        {channel.description ? (
          <p className="max-w-full break-words text-muted-foreground text-sm">{channel.description}</p>
        ) : null}
      </section>

      {archived ? null : (
        <>
          <BotCard channel={channel} />
          <EmployeesCard channelId={channel.id} />
        </>
      )}
      {archived ? null : <PricesCard channel={channel} />}
      <SubscribersCard channel={channel} />
      <ChannelFinanceCard channelId={channel.id} />

      <nav aria-label="Разделы канала">
        <ul className="overflow-hidden rounded-xl border bg-card shadow-sm">
          {sections.map(({ to, label, icon: Icon, tone }) => (
            <li key={to} className="border-b last:border-b-0">
              <Link
                to={to}
                params={{ id }}
                className="flex min-h-14 items-center gap-3 px-4 py-2 font-medium text-card-foreground hover:bg-accent active:bg-accent/80"
              >
                <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1 truncate">{label}</span>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {archived ? null : <ArchiveChannelSheet channel={channel} />}
    </>
  );
}

function ArchivedBanner({ channel }: { channel: Channel }) {
  const restore = useRestoreChannel();
  return (
    <section
      aria-labelledby="channel-archived"
      className="flex flex-col gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4"
    >
      <div className="flex items-start gap-3">
        <Archive aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-300" />
        <div className="min-w-0">
          <h2 id="channel-archived" className="font-semibold">
            Канал в архиве
          </h2>
          <p className="text-muted-foreground text-sm">
            Его продажи и закупки сохранены. Бот и сотрудники — после восстановления.
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        disabled={restore.isPending}
        onClick={() => restore.mutate(channel.id, { onSuccess: () => notifySuccess('Канал восстановлен') })}
      >
        {restore.isPending ? 'Восстанавливаем…' : 'Восстановить'}
      </Button>
    </section>
  );
}
