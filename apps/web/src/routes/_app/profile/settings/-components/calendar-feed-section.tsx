import type { CalendarFeed } from '@addesk/contract';
import { CalendarDays, Copy, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { ErrorState } from '@/components/ui/error-state';
import { Switch } from '@/components/ui/switch';
import { useDisableCalendarFeed } from '@/features/calendar-feed/api/disable-calendar-feed';
import { useEnableCalendarFeed } from '@/features/calendar-feed/api/enable-calendar-feed';
import { CalendarInstructions } from '@/features/calendar-feed/components/calendar-instructions';
import { useSettings } from '@/features/profile/api/get-settings';
import { copyText } from '@/lib/copy-text';
import { notifyFailure, notifySuccess } from '@/lib/notify';

// The QR encoder loads only when an address is shown.
const FeedQr = lazy(() =>
  import('@/features/calendar-feed/components/feed-qr').then(({ FeedQr }) => ({ default: FeedQr })),
);

async function copyAddress(url: string) {
  if (await copyText(url)) notifySuccess('Ссылка скопирована');
  else notifyFailure('Не удалось скопировать ссылку. Выделите её и скопируйте вручную');
}

/**
 * 'Синхронизация с календарём' (issue 14): the switch turns a private iCalendar feed on (POST) and off (DELETE).
 * The server keeps only a hash of the address, so it is shown once, right after it is made; 'Новая ссылка' makes
 * another and the old one stops working.
 */
export function CalendarFeedSection() {
  const settings = useSettings();
  const enable = useEnableCalendarFeed();
  const disable = useDisableCalendarFeed();
  const [feed, setFeed] = useState<CalendarFeed>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const id = useId();

  if (settings.isError) {
    return (
      <ErrorState
        error={settings.error}
        onRetry={() => void settings.refetch()}
        className="gap-3 rounded-xl border bg-card p-6"
      />
    );
  }

  const on = settings.data?.calendarSync ?? false;
  const pending = enable.isPending || disable.isPending;
  const turnOn = () => enable.mutate(undefined, { onSuccess: setFeed });
  const toggle = (value: boolean) =>
    value ? turnOn() : disable.mutate(undefined, { onSuccess: () => setFeed(undefined) });

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
        <label
          htmlFor={id}
          className="flex min-h-16 cursor-pointer items-center gap-3 px-4 py-3 hover:bg-accent active:bg-accent/80"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-pink-500/15 text-pink-600 dark:text-pink-300">
            <CalendarDays aria-hidden="true" className="size-5" />
          </span>
          <span className="min-w-0 flex-1">
            <span id={`${id}-label`} className="block font-medium">
              Синхронизация с календарём
            </span>
            <span id={`${id}-description`} className="block text-muted-foreground text-sm">
              Продажи и закупки в Google, Яндекс или другом календаре
            </span>
          </span>
          <Switch
            id={id}
            checked={on}
            disabled={settings.isPending || pending}
            onCheckedChange={toggle}
            aria-labelledby={`${id}-label`}
            aria-describedby={`${id}-description`}
          />
        </label>
      </div>

      {on && feed ? <FeedAddress feed={feed} /> : null}
      {on && !feed ? (
        <p className="px-1 text-muted-foreground text-sm">
          Синхронизация включена. Ссылку мы показываем только один раз, сразу после создания. Если она
          потерялась, создайте новую: старая перестанет работать.
        </p>
      ) : null}
      {on ? (
        <Button
          variant="outline"
          disabled={pending}
          onClick={() => {
            // The sheet shows this call's failure: not one of turning the switch on earlier.
            enable.reset();
            setConfirmOpen(true);
          }}
        >
          <RefreshCw aria-hidden="true" />
          Новая ссылка
        </Button>
      ) : null}

      <ConfirmSheet
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Создать новую ссылку?"
        description="Старая ссылка сразу перестанет работать: календари, подписанные на неё, больше не обновятся. Новую ссылку нужно будет добавить в календарь заново."
        confirmLabel="Да, новая ссылка"
        pendingLabel="Создаём…"
        confirmVariant="default"
        pending={enable.isPending}
        error={enable.error}
        onConfirm={() =>
          enable.mutate(undefined, {
            onSuccess: (made) => {
              setFeed(made);
              setConfirmOpen(false);
            },
          })
        }
      />
    </div>
  );
}

function FeedAddress({ feed }: { feed: CalendarFeed }) {
  return (
    <section
      aria-labelledby="feed-address"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-col gap-1">
        <h3 id="feed-address" className="font-semibold">
          Ссылка на ваш календарь
        </h3>
        <p className="text-muted-foreground text-sm">
          Показываем её один раз: сохраните её в календаре сейчас. Ссылка личная, не пересылайте её. Если она
          потеряется, нажмите «Новая ссылка».
        </p>
      </div>
      <p
        data-testid="calendar-feed-url"
        className="select-all break-all rounded-lg bg-muted px-3 py-2 font-mono text-sm"
      >
        {feed.url}
      </p>
      <div className="flex flex-col gap-2">
        <Button onClick={() => void copyAddress(feed.url)}>
          <Copy aria-hidden="true" />
          Скопировать ссылку
        </Button>
        <Button variant="secondary" asChild>
          <a href={feed.webcalUrl}>
            <CalendarDays aria-hidden="true" />
            Добавить в календарь
          </a>
        </Button>
      </div>
      <div className="flex flex-col items-center gap-2">
        <Suspense fallback={<span className="size-56 animate-pulse rounded-xl bg-muted" />}>
          <FeedQr value={feed.url} label="QR-код ссылки на календарь" />
        </Suspense>
        <p className="text-center text-muted-foreground text-sm">
          Наведите камеру телефона, чтобы открыть ссылку на нём.
        </p>
      </div>
      <CalendarInstructions />
    </section>
  );
}
