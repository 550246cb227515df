import type { Channel } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { Archive, ChevronRight, Plus } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { BottomBar } from '@/components/ui/bottom-bar';
import { Button } from '@/components/ui/button';
import { PagedList } from '@/components/ui/paged-list';
import { rowLinkClass } from '@/components/ui/row-link';
import { ScreenHeader } from '@/components/ui/screen-header';
import { archiveEntryQuery, useChannelPages, useChannels } from '@/features/channels/api/get-channels';
import { plural } from '@/lib/format';

/**
 * /channels (spec §2.10): the team's channels, page by page, the way to add one, and 'Архив' below them once a
 * channel is archived.
 */
export function ChannelsScreen() {
  const query = useChannelPages();
  const channels = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const empty = !query.isPending && !query.isError && channels.length === 0;

  return (
    <>
      <ScreenHeader title="Каналы" back={{ to: '/dashboard' }} />
      <main className="flex flex-1 flex-col gap-3 px-4 pt-4 pb-4">
        <PagedList
          query={query}
          rows={channels.length}
          label="Ваши каналы"
          intro={
            <p className="text-muted-foreground text-sm">{plural(total, ['канал', 'канала', 'каналов'])}</p>
          }
          empty={
            <div className="flex flex-col items-center gap-4 py-12 text-center">
              <p className="text-muted-foreground">У вас пока нет каналов, создайте новый канал</p>
              <AddChannelButton />
            </div>
          }
        >
          {channels.map((channel) => (
            <ChannelRow key={channel.id} channel={channel} />
          ))}
        </PagedList>
        <ArchiveEntry />
      </main>
      {/* An empty list offers the button in its own message instead. */}
      {empty ? null : (
        <BottomBar>
          <AddChannelButton />
        </BottomBar>
      )}
    </>
  );
}

function AddChannelButton() {
  return (
    <Button asChild size="lg">
      <Link to="/channels/create">
        <Plus aria-hidden="true" />
        Добавить канал
      </Link>
    </Button>
  );
}

/** 'Архив' with how many channels are in it; nothing while it is empty. */
function ArchiveEntry() {
  const archived = useChannels(archiveEntryQuery);
  const total = archived.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <Link
      to="/channels/archive"
      className="mt-2 flex min-h-14 items-center gap-3 rounded-xl border bg-card px-4 py-2 hover:bg-accent active:bg-accent/80"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Archive aria-hidden="true" className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium">Архив</span>
        <span className="block truncate text-muted-foreground text-sm">
          {plural(total, ['канал', 'канала', 'каналов'])}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
    </Link>
  );
}

function ChannelRow({ channel }: { channel: Channel }) {
  return (
    <li className="border-b last:border-b-0">
      <Link to="/channels/$id" params={{ id: String(channel.id) }} className={rowLinkClass}>
        <Avatar name={channel.name} src={channel.iconLink} decorative />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{channel.name}</span>
          <span className="block truncate text-muted-foreground text-sm">@{channel.telegramNickName}</span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </Link>
    </li>
  );
}
