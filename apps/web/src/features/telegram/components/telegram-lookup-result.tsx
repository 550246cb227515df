import type { ChannelInfo } from '@addesk/contract';
import { CircleCheck, Search } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';

export type TelegramLookupResultProps = {
  looking: boolean;
  found: ChannelInfo | undefined;
  /** Said while looking ('Ищем канал…'). */
  lookingText: string;
  /** The found card's accessible name ('Найденный канал'). */
  foundLabel: string;
};

/** Under a Telegram link field: 'looking' while the lookup runs, then what Telegram found (avatar, name, @name). */
export function TelegramLookupResult({ looking, found, lookingText, foundLabel }: TelegramLookupResultProps) {
  return (
    <div aria-live="polite" className="flex flex-col gap-3">
      {looking ? (
        <div role="status" className="flex min-h-20 items-center gap-3 rounded-xl border bg-card p-4">
          <span aria-hidden="true" className="size-12 shrink-0 animate-pulse rounded-full bg-muted" />
          <span className="flex items-center gap-2 text-muted-foreground">
            <Search aria-hidden="true" className="size-4" />
            {lookingText}
          </span>
        </div>
      ) : null}
      {found ? (
        <section
          aria-label={foundLabel}
          className="flex min-h-20 items-center gap-3 rounded-xl border bg-card p-4"
        >
          <Avatar name={found.name} src={found.imageLink} size="lg" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{found.name}</p>
            <p className="truncate text-muted-foreground text-sm">@{found.telegramNickName}</p>
          </div>
          <CircleCheck
            aria-hidden="true"
            className="size-6 shrink-0 text-emerald-600 dark:text-emerald-400"
          />
        </section>
      ) : null}
    </div>
  );
}
