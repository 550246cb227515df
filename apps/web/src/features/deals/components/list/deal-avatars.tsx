import { Avatar, AvatarPlaceholder, avatarStackGap } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import type { DealRow } from '../../lib/deal-rows';
import { dealTexts } from '../../lib/kinds';

export type DealAvatarsProps = {
  row: Pick<DealRow, 'channel' | 'counterpart'>;
  /** xs: 24 px, for the table's narrow link column. */
  size?: 'xs' | 'sm' | 'md';
  /** Inside a link that names the deal already. */
  decorative?: boolean;
  className?: string;
};

/**
 * Our channel's icon, then the counterpart's beside it; initials stand in for a missing or broken picture, and a
 * neutral person for a deal that names nobody.
 */
export function DealAvatars({ row, size = 'md', decorative = false, className }: DealAvatarsProps) {
  return (
    <span className={cn('flex shrink-0 items-center', avatarStackGap, className)}>
      <Avatar name={row.channel.name} src={row.channel.iconLink} size={size} decorative={decorative} />
      {row.counterpart.missing ? (
        <AvatarPlaceholder label={dealTexts.contactMissing} size={size} decorative={decorative} />
      ) : (
        <Avatar
          name={row.counterpart.name}
          src={row.counterpart.iconLink}
          size={size}
          decorative={decorative}
        />
      )}
    </span>
  );
}
