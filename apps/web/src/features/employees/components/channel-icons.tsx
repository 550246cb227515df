import { AvatarStack } from '@/components/ui/avatar-stack';

/** Spec §9: the employee list shows at most this many channel icons, then '+N'. */
export const MAX_CHANNEL_ICONS = 5;

type ChannelRef = { id: number; name: string; iconLink: string | null };

/** The channels a team member works on, as small icons named by the channels. */
export function ChannelIcons({ channels }: { channels: readonly ChannelRef[] }) {
  if (channels.length === 0) {
    return <span className="text-muted-foreground text-sm">Пока ни на одном канале</span>;
  }
  return (
    <AvatarStack
      items={channels.map((channel) => ({ id: channel.id, name: channel.name, src: channel.iconLink }))}
      max={MAX_CHANNEL_ICONS}
      size="sm"
    />
  );
}
