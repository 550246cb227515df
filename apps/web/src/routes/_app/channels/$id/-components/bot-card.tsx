import type { Channel } from '@addesk/contract';
import { useQuery } from '@tanstack/react-query';
import { Bot, BotCheck, BotOff, Check, X } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { channelQueryOptions, useChannel } from '@/features/channels/api/get-channel';
import { useTelegramBot } from '@/features/telegram/api/get-bot';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';

/** How often the open screen asks again while the bot is not a full administrator: the card follows within seconds. */
const BOT_STATUS_REFRESH_MS = 4000;
/** And once it is: slower, but a removal or a right taken away still shows within seconds, not at the next visit. */
const BOT_STATUS_WATCH_MS = 15_000;

const isAdmin = (channel: Channel) => channel.botStatus === 'administrator' || channel.botAdminRights;
const hasEveryRight = (channel: Channel) =>
  isAdmin(channel) && channel.botAdminRights && channel.botCanInvite;

/** How often the channel is asked again for its bot status; false without a bot on this server. */
export function botStatusRefreshMs(botUsername: string | null | undefined, channel: Channel | undefined) {
  if (!botUsername || !channel) return false;
  return hasEveryRight(channel) ? BOT_STATUS_WATCH_MS : BOT_STATUS_REFRESH_MS;
}

/**
 * The bot in the channel (decisions 019): an administrator and with which rights (to post, to make invite links),
 * missing the invite right (each purchase's own link needs it), removed, or not added yet and how to add it. The
 * server learns of a change from Telegram within seconds (my_chat_member), so while the bot lacks something the
 * screen asks again every few seconds, once it has every right every 15 s (a removal shows too), never while the
 * tab is hidden.
 */
export function BotCard({ channel }: { channel: Channel }) {
  const bot = useTelegramBot();
  const username = bot.data?.username;
  // The same query as the screen's: a change refreshes the whole screen's copy of the channel.
  useQuery({
    ...channelQueryOptions(channel.id),
    refetchInterval: (query) => botStatusRefreshMs(username, query.state.data),
    refetchIntervalInBackground: false,
  });
  const name = username ? `@${username}` : 'AdDesk';

  if (isAdmin(channel)) {
    const complete = hasEveryRight(channel);
    return (
      <BotCardFrame
        tone={complete ? 'ok' : 'warning'}
        title={complete ? 'Бот подключён' : 'Боту не хватает прав'}
      >
        <p>Бот {name} — администратор канала.</p>
        <ul className="flex flex-col gap-1.5" aria-label="Права бота">
          <Right granted={channel.botAdminRights}>
            {channel.botAdminRights ? 'может публиковать' : 'не может публиковать'}
          </Right>
          <Right granted={channel.botCanInvite}>
            {channel.botCanInvite
              ? 'может создавать ссылки-приглашения'
              : 'не может создавать ссылки-приглашения'}
          </Right>
        </ul>
        {channel.botCanInvite ? null : (
          <p>
            Без права на ссылки-приглашения у закупок не будет своих ссылок, и AdDesk не посчитает, сколько
            подписчиков пришло с каждой.
          </p>
        )}
        {complete ? null : (
          <p className="text-muted-foreground">
            В Telegram: «Управление каналом» → «Администраторы» → {name}, включите{' '}
            {channel.botAdminRights ? '' : '«Публикация сообщений» и '}«Пригласительные ссылки» (или
            «Добавление подписчиков») и сохраните. Карточка обновится сама.
          </p>
        )}
      </BotCardFrame>
    );
  }

  if (bot.isPending) {
    return (
      <BotCardFrame tone="warning" title="Бот не добавлен" busy>
        <span className="block h-4 w-3/4 animate-pulse rounded bg-muted" />
        <span className="block h-4 w-1/2 animate-pulse rounded bg-muted" />
      </BotCardFrame>
    );
  }

  if (bot.isError) {
    return (
      <BotCardFrame tone="warning" title="Бот не добавлен">
        <p>Бот AdDesk не может публиковать сообщения в этом канале.</p>
        <p className="text-muted-foreground">{errorMessage(bot.error)}</p>
        <Button variant="secondary" className="self-start" onClick={() => void bot.refetch()}>
          Повторить
        </Button>
      </BotCardFrame>
    );
  }

  if (!username) {
    return (
      <BotCardFrame tone="off" title="Бот не подключён">
        <p>
          На этом сервере AdDesk не настроен Telegram-бот, поэтому публиковать сообщения в канал он не может.
          Чтобы подключить бота, обратитесь к администратору AdDesk.
        </p>
      </BotCardFrame>
    );
  }

  return <AddBotInstructions channel={channel} botUsername={username} />;
}

function Right({ granted, children }: { granted: boolean; children: ReactNode }) {
  const Icon = granted ? Check : X;
  return (
    <li className="flex items-center gap-2">
      <Icon
        aria-hidden="true"
        className={cn(
          'size-4 shrink-0',
          granted ? 'text-emerald-600 dark:text-emerald-400' : 'text-destructive',
        )}
      />
      {children}
    </li>
  );
}

const titles: Record<string, string> = {
  left: 'Бот удалён из канала',
  kicked: 'Бот удалён из канала',
  member: 'Бот не администратор',
};

function AddBotInstructions({ channel, botUsername }: { channel: Channel; botUsername: string }) {
  const recheck = useChannel(channel.id);
  const removed = channel.botStatus === 'left' || channel.botStatus === 'kicked';
  return (
    <BotCardFrame tone="warning" title={titles[channel.botStatus ?? ''] ?? 'Бот не добавлен'}>
      {removed ? (
        <p>
          Бота <strong>@{botUsername}</strong> убрали из канала: ссылки для новых закупок не создаются,
          вступления и отписки не считаются. Чтобы вернуть его, снова сделайте бота администратором:
        </p>
      ) : (
        <p>
          Чтобы AdDesk мог публиковать сообщения и создавать для закупок ссылки-приглашения, сделайте бота{' '}
          <strong>@{botUsername}</strong> администратором канала:
        </p>
      )}
      <ol className="flex list-decimal flex-col gap-1.5 pl-5">
        <li>
          Откройте{' '}
          <a
            href={`https://t.me/${channel.telegramNickName}`}
            target="_blank"
            rel="noreferrer"
            className="text-link underline underline-offset-4"
          >
            канал в Telegram
          </a>
          .
        </li>
        <li>Нажмите на название канала и выберите «Управление каналом» → «Администраторы».</li>
        <li>
          Нажмите «Добавить администратора» и найдите <strong>@{botUsername}</strong>.
        </li>
        <li>Оставьте права «Публикация сообщений» и «Пригласительные ссылки» и сохраните.</li>
      </ol>
      <p className="text-muted-foreground">Карточка обновится сама через несколько секунд.</p>
      <Button
        variant="secondary"
        className="self-start"
        disabled={recheck.isFetching}
        onClick={() => void recheck.refetch()}
      >
        {recheck.isFetching ? 'Проверяем…' : 'Проверить снова'}
      </Button>
    </BotCardFrame>
  );
}

const tones = {
  ok: { icon: BotCheck, className: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300' },
  warning: { icon: Bot, className: 'bg-amber-500/15 text-amber-700 dark:text-amber-300' },
  off: { icon: BotOff, className: 'bg-muted text-muted-foreground' },
} as const;

function BotCardFrame({
  tone,
  title,
  busy,
  children,
}: {
  tone: keyof typeof tones;
  title: string;
  busy?: boolean;
  children: ReactNode;
}) {
  const { icon: Icon, className } = tones[tone];
  const titleId = useId();
  return (
    <Card
      id="bot-card"
      role="region"
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      className="scroll-mt-16"
    >
      <CardHeader row className="items-center gap-3 pb-2">
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', className)}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm leading-relaxed">{children}</CardContent>
    </Card>
  );
}
