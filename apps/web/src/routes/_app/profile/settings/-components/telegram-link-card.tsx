import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { settingsQueryOptions } from '@/features/profile/api/get-settings';
import { useLinkTelegram } from '@/features/profile/api/link-telegram';
import { useUnlinkTelegram } from '@/features/profile/api/unlink-telegram';

/**
 * Opens the bot's link in a new tab or the Telegram app. The tab is opened at the tap, before the link arrives: a
 * window opened after a network wait is a popup to blockers. Where none opens, the page itself goes to Telegram.
 */
function useOpenBot() {
  const link = useLinkTelegram();
  const open = (onOpened: () => void) => {
    const tab = window.open('', '_blank');
    // The bot's page must not reach back into this one.
    if (tab) tab.opener = null;
    link.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (tab) tab.location.href = url;
        else window.location.assign(url);
        onOpened();
      },
      onError: () => tab?.close(),
    });
  };
  return { open, pending: link.isPending };
}

/**
 * 'Telegram' on /profile/settings/notifications: the bot's reminders go to the person's own Telegram, linked through
 * the bot's /start. After 'Подключить Telegram' the person comes back from Telegram: the settings are read again
 * whenever the page regains focus, so 'Подключён' shows without a reload.
 */
export function TelegramLinkCard() {
  const query = useQuery({ ...settingsQueryOptions(), refetchOnWindowFocus: 'always' });
  const openBot = useOpenBot();
  const unlink = useUnlinkTelegram();
  const [waiting, setWaiting] = useState(false);
  const telegram = query.data?.telegram;

  if (query.isError) return null;
  if (!telegram) {
    return <div aria-busy="true" className="h-[4.5rem] animate-pulse rounded-xl border bg-card" />;
  }

  let status: string;
  let action = null;
  if (!telegram.available) {
    status = 'Бот Telegram на этом сервере не настроен: напоминания в Telegram не придут';
  } else if (telegram.linked) {
    status = 'Напоминания о размещениях и оплатах приходят в Telegram';
    action = (
      <Button variant="outline" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
        Отключить
      </Button>
    );
  } else {
    status = waiting
      ? 'Нажмите «Запустить» в чате с ботом и вернитесь сюда'
      : 'Подключите, чтобы бот присылал напоминания о размещениях и оплатах';
    action = (
      <Button disabled={openBot.pending} onClick={() => openBot.open(() => setWaiting(true))}>
        <Send aria-hidden="true" />
        Подключить Telegram
      </Button>
    );
  }

  return (
    <section
      aria-labelledby="telegram-link"
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-sky-500/15 text-sky-600 dark:text-sky-300">
          <Send aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="telegram-link" className="font-medium">
            {telegram.linked
              ? `Подключён: ${telegram.username ? `@${telegram.username}` : 'Telegram'}`
              : 'Telegram'}
          </h2>
          <p role="status" className="text-muted-foreground text-sm">
            {status}
          </p>
        </div>
      </div>
      {action}
    </section>
  );
}
