import type { Channel } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { UnsavedChangesPrompt } from '@/components/app/unsaved-changes-prompt';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useCreateChannel } from '@/features/channels/api/create-channel';
import { TelegramLookupResult } from '@/features/telegram/components/telegram-lookup-result';
import {
  CHANNEL_LOOKUP_DEBOUNCE_MS,
  telegramLinkInputProps,
  useTelegramLookup,
} from '@/features/telegram/lib/use-telegram-lookup';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';

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
  const [link, setLink] = useState('');
  const [blurred, setBlurred] = useState(false);
  const { found, looking, linkProblem, lookupProblem } = useTelegramLookup(link, {
    target: 'channel',
    debounceMs: CHANNEL_LOOKUP_DEBOUNCE_MS,
    blurred,
  });
  const problem = linkProblem ?? lookupProblem;
  // One body object per found channel: the api client keys its Idempotency-Key to the object, so a second press
  // of the same submission sends the same key and the server answers it with the first result.
  const nick = found?.telegramNickName;
  const body = useMemo(() => (nick ? { telegramNickName: nick } : undefined), [nick]);
  // A zero-gap double click fires the second submit before React re-renders the button as disabled.
  const submitting = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body || submitting.current) return;
    submitting.current = true;
    create.mutate(body, {
      onSettled: () => {
        submitting.current = false;
      },
    });
  };

  return (
    <>
      <UnsavedChangesPrompt when={link.trim() !== ''} />
      <ScreenHeader title="Добавить канал" back={{ to: '/channels' }} />
      <ScreenMain className="px-4 pt-4">
        <form noValidate onSubmit={submit} className="flex flex-1 flex-col gap-5">
          <FormField
            label="Ссылка на канал"
            hint="Формат: t.me/channel_name или @channel_name"
            error={problem}
          >
            {(ids) => (
              <Input
                id={ids.control}
                name="telegramNickName"
                value={link}
                onChange={(event) => {
                  setLink(event.target.value);
                  setBlurred(false);
                  if (create.isError) create.reset();
                }}
                onBlur={() => setBlurred(true)}
                placeholder="https://t.me/channel_name"
                {...telegramLinkInputProps}
                enterKeyHint="go"
                aria-invalid={problem ? true : undefined}
                aria-describedby={ids.describedBy}
              />
            )}
          </FormField>

          <TelegramLookupResult
            looking={looking}
            found={found}
            lookingText="Ищем канал…"
            foundLabel="Найденный канал"
          />

          {create.isError ? <CreateProblem error={create.error} /> : null}

          <div className="mt-auto flex flex-col gap-2 pt-4">
            <Button type="submit" size="lg" disabled={!found || create.isPending}>
              {create.isPending ? 'Добавляем…' : 'Добавить канал'}
            </Button>
          </div>
        </form>
      </ScreenMain>
    </>
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
          {/* The form's own way out: typing one link again is no loss worth a question. */}
          <Link to="/profile/tariff" ignoreBlocker>
            Выбрать тариф
          </Link>
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
      <ScreenMain className="items-center gap-4 px-6 pt-12 text-center">
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
      </ScreenMain>
    </>
  );
}
