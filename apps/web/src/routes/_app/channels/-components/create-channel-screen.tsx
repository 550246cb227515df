import { type Channel, type ChannelInfo, PRIVATE_TELEGRAM_LINK, parseTelegramLink } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { CircleCheck, Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ScreenHeader } from '@/components/ui/screen-header';
import { useCreateChannel } from '@/features/channels/api/create-channel';
import { useChannelInfo } from '@/features/telegram/api/get-channel-info';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** Spec §5: the typed link is looked up once the user has paused for this long. */
export const LOOKUP_DEBOUNCE_MS = 500;

/**
 * /channels/create (spec §2.10): paste or type a channel's link, see the channel Telegram knows under that name,
 * add it. A link that cannot be right (an invite link, a malformed name) is explained at once, without a request;
 * a well-formed one is looked up after a 500 ms pause.
 */
export function CreateChannelScreen() {
  const create = useCreateChannel();
  if (create.isSuccess) return <ChannelAdded channel={create.data} />;
  return <CreateChannelForm create={create} />;
}

function CreateChannelForm({ create }: { create: ReturnType<typeof useCreateChannel> }) {
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();
  const [link, setLink] = useState('');
  const [blurred, setBlurred] = useState(false);
  const debouncedLink = useDebouncedValue(link, LOOKUP_DEBOUNCE_MS);

  const parsed = link.trim() ? parseTelegramLink(link) : undefined;
  const debounced = debouncedLink.trim() ? parseTelegramLink(debouncedLink) : undefined;
  const lookedUpName = debounced?.ok ? debounced.username : undefined;
  const lookup = useChannelInfo(lookedUpName);

  // What the field holds now has been looked up (not a name typed since the last pause).
  const current = Boolean(
    parsed?.ok && lookedUpName && parsed.username.toLowerCase() === lookedUpName.toLowerCase(),
  );
  const found = current && lookup.isSuccess ? lookup.data : undefined;
  const looking = Boolean(parsed?.ok) && (!current || lookup.isFetching);

  // An invite link is wrong whatever comes next: say so at once. A name being typed is judged when the user pauses
  // or leaves the field, not at every letter.
  const linkProblem =
    parsed && !parsed.ok && (parsed.message === PRIVATE_TELEGRAM_LINK || debouncedLink === link || blurred)
      ? parsed.message
      : undefined;
  const lookupProblem =
    current && lookup.isError && !lookup.isFetching ? errorMessage(lookup.error) : undefined;
  const problem = linkProblem ?? lookupProblem;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!found || create.isPending) return;
    create.mutate({ telegramNickName: found.telegramNickName });
  };

  return (
    <>
      <ScreenHeader title="Добавить канал" back={{ to: '/channels' }} />
      <main className="flex flex-1 flex-col px-4 pt-4 pb-[max(1.5rem,var(--spacing-safe-bottom))]">
        <form noValidate onSubmit={submit} className="flex flex-1 flex-col gap-5">
          <div className="flex flex-col gap-2">
            <label htmlFor={inputId} className="font-medium">
              Ссылка на канал
            </label>
            <Input
              id={inputId}
              name="telegramNickName"
              value={link}
              onChange={(event) => {
                setLink(event.target.value);
                setBlurred(false);
                if (create.isError) create.reset();
              }}
              onBlur={() => setBlurred(true)}
              placeholder="https://t.me/channel_name"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="go"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            />
            <p id={hintId} className="text-muted-foreground text-sm">
              Формат: t.me/channel_name или @channel_name
            </p>
            {problem ? (
              <p id={problemId} role="alert" className="text-destructive text-sm">
                {problem}
              </p>
            ) : null}
          </div>

          <div aria-live="polite" className="flex flex-col gap-3">
            {looking ? <LookingUp /> : null}
            {found ? <FoundChannel channel={found} /> : null}
          </div>

          {create.isError ? <CreateProblem error={create.error} /> : null}

          <div className="mt-auto flex flex-col gap-2 pt-4">
            <Button type="submit" size="lg" disabled={!found || create.isPending}>
              {create.isPending ? 'Добавляем…' : 'Добавить канал'}
            </Button>
          </div>
        </form>
      </main>
    </>
  );
}

function LookingUp() {
  return (
    <div role="status" className="flex min-h-20 items-center gap-3 rounded-xl border bg-card p-4">
      <span aria-hidden="true" className="size-12 shrink-0 animate-pulse rounded-full bg-muted" />
      <span className="flex items-center gap-2 text-muted-foreground">
        <Search aria-hidden="true" className="size-4" />
        Ищем канал…
      </span>
    </div>
  );
}

function FoundChannel({ channel }: { channel: ChannelInfo }) {
  return (
    <section
      aria-label="Найденный канал"
      className="flex min-h-20 items-center gap-3 rounded-xl border bg-card p-4"
    >
      <Avatar name={channel.name} src={channel.imageLink} size="lg" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{channel.name}</p>
        <p className="truncate text-muted-foreground text-sm">@{channel.telegramNickName}</p>
      </div>
      <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-emerald-600 dark:text-emerald-400" />
    </section>
  );
}

/** Why adding failed, in the server's words; the tariff limit comes with the way out. */
function CreateProblem({ error }: { error: unknown }) {
  const fieldMessage = isApiError(error) ? error.fieldErrors?.telegramNickName?.[0] : undefined;
  const limit = isApiError(error) && error.code === 'TARIFF_CHANNEL_LIMIT';
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4"
    >
      <p>{fieldMessage ?? errorMessage(error)}</p>
      {limit ? (
        <Button asChild variant="secondary" className="self-start">
          <Link to="/profile/tariff">Выбрать тариф</Link>
        </Button>
      ) : null}
    </div>
  );
}

function ChannelAdded({ channel }: { channel: Channel }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: tell assistive technology where the user is now.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <>
      <ScreenHeader title="Добавить канал" back={{ to: '/channels' }} />
      <main className="flex flex-1 flex-col items-center gap-4 px-6 pt-12 pb-[max(1.5rem,var(--spacing-safe-bottom))] text-center">
        <div className="relative">
          <Avatar name={channel.name} src={channel.iconLink} size="xl" decorative />
          <CircleCheck
            aria-hidden="true"
            className="absolute -right-1 -bottom-1 size-8 rounded-full bg-background text-emerald-600 dark:text-emerald-400"
          />
        </div>
        <h2 ref={headingRef} tabIndex={-1} className="font-semibold text-2xl outline-none">
          Канал добавлен
        </h2>
        <p className="max-w-xs break-words text-muted-foreground">
          «{channel.name}» теперь в вашем списке каналов. Бота и сотрудников канала можно подключить на его
          странице.
        </p>
        <div className="mt-auto flex w-full flex-col gap-2 pt-6">
          <Button asChild size="lg">
            <Link to="/channels">Хорошо</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/channels/$id" params={{ id: String(channel.id) }}>
              Открыть канал
            </Link>
          </Button>
        </div>
      </main>
    </>
  );
}
