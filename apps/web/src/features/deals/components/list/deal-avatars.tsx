import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import type { DealRow } from '../../lib/deal-rows';

export type DealAvatarsProps = {
  row: Pick<DealRow, 'channel' | 'counterpart'>;
  /** xs: 24 px, for the table's narrow link column. */
  size?: 'xs' | 'sm' | 'md';
  /** Inside a link that names the deal already. */
  decorative?: boolean;
  className?: string;
};

/** Our channel's icon with the counterpart's over its corner; initials stand in for a missing or broken picture. */
export function DealAvatars({ row, size = 'md', decorative = false, className }: DealAvatarsProps) {
  const avatarSize = size === 'xs' ? 'sm' : size;
  const avatarClass = cn('ring-2 ring-card', size === 'xs' && 'size-6 text-[0.625rem]');
  return (
    <span
      className={cn('flex shrink-0 items-center', size === 'xs' ? '-space-x-1.5' : '-space-x-2.5', className)}
    >
      <Avatar
        name={row.channel.name}
        src={row.channel.iconLink}
        size={avatarSize}
        decorative={decorative}
        className={avatarClass}
      />
      <Avatar
        name={row.counterpart.name}
        src={row.counterpart.iconLink}
        size={avatarSize}
        decorative={decorative}
        className={avatarClass}
      />
    </span>
  );
}
