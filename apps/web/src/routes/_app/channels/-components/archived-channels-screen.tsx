import type { Channel } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { PagedList } from '@/components/ui/paged-list';
import { ScreenHeader } from '@/components/ui/screen-header';
import { ScreenMain } from '@/components/ui/screen-main';
import { useRestoreChannel } from '@/features/channels/api/archive-channel';
import { useChannelPages } from '@/features/channels/api/get-channels';
import { notifySuccess } from '@/lib/notify';

/** /channels/archive: the archived channels, each with 'Восстановить'; their deals never left the lists. */
export function ArchivedChannelsScreen() {
  const query = useChannelPages(undefined, true);
  const channels = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <ScreenHeader title="Архив" back={{ to: '/channels' }} />
      <ScreenMain className="gap-3 px-4 pt-4">
        <PagedList
          query={query}
          rows={channels.length}
          label="Каналы в архиве"
          intro={
            <p className="text-muted-foreground text-sm">
              Продажи и закупки этих каналов остаются в списках, суммах и выгрузках. Восстановленный канал
              снова занимает место в тарифе.
            </p>
          }
          empty={<p className="py-12 text-center text-muted-foreground">В архиве нет каналов</p>}
        >
          {channels.map((channel) => (
            <ArchivedRow key={channel.id} channel={channel} />
          ))}
        </PagedList>
      </ScreenMain>
    </>
  );
}

function ArchivedRow({ channel }: { channel: Channel }) {
  const restore = useRestoreChannel();
  return (
    // On a small phone the button wraps under the name rather than squeezing it to a few letters.
    <li className="flex min-h-16 flex-wrap items-center gap-x-2 gap-y-1 border-b py-2 pr-3 last:border-b-0">
      <Link
        to="/channels/$id"
        params={{ id: String(channel.id) }}
        className="flex min-h-12 min-w-52 flex-1 items-center gap-3 pl-4 hover:text-link"
      >
        <Avatar name={channel.name} src={channel.iconLink} decorative />
        <span className="min-w-0 flex-1">
          <span className="line-clamp-2 break-words font-medium">{channel.name}</span>
          <span className="block truncate text-muted-foreground text-sm">@{channel.telegramNickName}</span>
        </span>
      </Link>
      <Button
        variant="secondary"
        size="sm"
        className="ml-auto"
        disabled={restore.isPending}
        aria-label={`Восстановить «${channel.name}»`}
        onClick={() => restore.mutate(channel.id, { onSuccess: () => notifySuccess('Канал восстановлен') })}
      >
        {restore.isPending ? 'Восстанавливаем…' : 'Восстановить'}
      </Button>
    </li>
  );
}
