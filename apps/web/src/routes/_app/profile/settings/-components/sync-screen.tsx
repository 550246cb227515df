import { Bot } from 'lucide-react';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useTelegramBot } from '@/features/telegram/api/get-bot';
import { cn } from '@/lib/utils';
import { CalendarFeedSection } from './calendar-feed-section';
import { SettingSwitches } from './setting-switches';

function Tile({ icon: Icon, tone }: { icon: typeof Bot; tone: string }) {
  return (
    <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}

/** /profile/settings/sync (spec §2.11): the Telegram bot on or off, and the private calendar feed. */
export function SyncScreen() {
  const bot = useTelegramBot();
  const username = bot.data?.username;
  const noBot = bot.isSuccess && !username;

  return (
    <>
      <ScreenHeader title="Синхронизация" back={{ to: '/profile' }} />
      <ScreenMain className="gap-6 px-4 py-4">
        <section aria-labelledby="sync-bot" className="flex flex-col gap-2">
          <h2 id="sync-bot" className="font-semibold text-muted-foreground text-sm">
            Telegram-бот
          </h2>
          <SettingSwitches
            label="Telegram-бот"
            items={[
              {
                setting: 'botEnabled',
                label: 'Бот AdDesk',
                // The reason sits in the row, read out with the switch.
                description: noBot
                  ? 'На этом сервере AdDesk не настроен Telegram-бот: пока его не подключит администратор, бот не присылает уведомления и не публикует посты.'
                  : 'Уведомления и публикация рекламных постов в ваших каналах',
                icon: <Tile icon={Bot} tone="bg-sky-500/15 text-sky-600 dark:text-sky-300" />,
                // Without a bot nothing is sent whatever is saved: the switch shows off and cannot be moved.
                unavailable: noBot,
              },
            ]}
          />
          {username ? (
            <a
              href={`https://t.me/${username}`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center self-start px-1 text-link underline-offset-4 hover:underline"
            >
              Открыть @{username} в Telegram
            </a>
          ) : null}
        </section>

        <section aria-labelledby="sync-calendar" className="flex flex-col gap-2">
          <h2 id="sync-calendar" className="font-semibold text-muted-foreground text-sm">
            Календарь
          </h2>
          <CalendarFeedSection />
        </section>
      </ScreenMain>
    </>
  );
}
