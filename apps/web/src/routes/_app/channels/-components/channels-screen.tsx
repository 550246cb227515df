import type { Channel } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { ChevronRight, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { BottomBar } from '@/components/ui/bottom-bar';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { ScreenHeader } from '@/components/ui/screen-header';
import { Spinner } from '@/components/ui/spinner';
import { useChannelPages } from '@/features/channels/api/get-channels';
import { plural } from '@/lib/format';

/** /channels (spec §2.10): the team's channels, page by page, and the way to add one. */
export function ChannelsScreen() {
  const query = useChannelPages();
  const channels = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  let body: ReactNode;
  if (query.isPending) {
    body = <Spinner className="py-12" />;
  } else if (query.isError && channels.length === 0) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (channels.length === 0) {
    body = (
      <p className="py-12 text-center text-muted-foreground">У вас пока нет каналов, создайте новый канал</p>
    );
  } else {
    body = (
      <>
        <p className="text-muted-foreground text-sm">{plural(total, ['канал', 'канала', 'каналов'])}</p>
        <ul aria-label="Ваши каналы" className="overflow-hidden rounded-xl border bg-card">
          {channels.map((channel) => (
            <ChannelRow key={channel.id} channel={channel} />
          ))}
        </ul>
        <LoadMore query={query} />
      </>
    );
  }

  return (
    <>
      <ScreenHeader title="Каналы" back={{ to: '/dashboard' }} />
      <main className="flex flex-1 flex-col gap-3 px-4 pt-4 pb-4">{body}</main>
      <BottomBar>
        <Button asChild size="lg">
          <Link to="/channels/create">
            <Plus aria-hidden="true" />
            Добавить канал
          </Link>
        </Button>
      </BottomBar>
    </>
  );
}

function ChannelRow({ channel }: { channel: Channel }) {
  return (
    <li className="border-b last:border-b-0">
      <Link
        to="/channels/$id"
        params={{ id: String(channel.id) }}
        className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-accent active:bg-accent/80"
      >
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
