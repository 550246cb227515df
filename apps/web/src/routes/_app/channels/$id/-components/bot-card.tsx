import type { Channel } from '@addesk/contract';
import { Bot, BotCheck, BotOff } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useChannel } from '@/features/channels/api/get-channel';
import { useTelegramBot } from '@/features/telegram/api/get-bot';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';

/**
 * Whether AdDesk's bot can post in the channel (decisions D3 `botAdminRights`), and when it cannot, how to make it
 * an administrator. The server re-checks the rights when the channel is opened, at most once a minute.
 */
export function BotCard({ channel }: { channel: Channel }) {
  const bot = useTelegramBot();
  const username = bot.data?.username;

  if (channel.botAdminRights) {
    return (
      <BotCardFrame tone="ok" title="Бот подключён">
        <p>
          {username ? `Бот @${username}` : 'Бот AdDesk'} — администратор канала и может публиковать сообщения.
        </p>
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

function AddBotInstructions({ channel, botUsername }: { channel: Channel; botUsername: string }) {
  // The same query as the screen's: checking again refreshes the whole screen's copy of the channel.
  const recheck = useChannel(channel.id);
  return (
    <BotCardFrame tone="warning" title="Бот не добавлен">
      <p>
        Чтобы AdDesk мог публиковать сообщения, сделайте бота <strong>@{botUsername}</strong> администратором
        канала:
      </p>
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
        <li>Оставьте право «Публикация сообщений» и сохраните.</li>
      </ol>
      <p className="text-muted-foreground">
        Потом откройте эту страницу снова: права бота проверяются не чаще раза в минуту.
      </p>
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
    <Card role="region" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <CardHeader className="flex-row items-center gap-3">
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', className)}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm leading-relaxed">{children}</CardContent>
    </Card>
  );
}
