import { cn } from '@/lib/utils';
import { Avatar, type AvatarSize, avatarStackGap } from './avatar';

export type AvatarStackItem = { id: number | string; name: string; src?: string | null };

export type AvatarStackProps = {
  items: readonly AvatarStackItem[];
  /** How many there are in all; the ones not shown appear as '+N'. Defaults to items.length. */
  total?: number;
  /** At most this many pictures (spec §9: 3 on the dashboard, 5 in the employee list). */
  max?: number;
  size?: AvatarSize;
  className?: string;
};

/** A row of avatars, then '+N' for the rest. */
export function AvatarStack({ items, total, max = 3, size = 'md', className }: AvatarStackProps) {
  const shown = items.slice(0, max);
  const rest = Math.max(0, (total ?? items.length) - shown.length);
  return (
    <div data-slot="avatar-stack" className={cn('flex items-center', className)}>
      <ul className={cn('flex items-center', avatarStackGap)}>
        {shown.map((item) => (
          <li key={item.id} className="flex">
            <Avatar name={item.name} src={item.src} size={size} />
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <span className="ml-2 font-medium text-muted-foreground text-sm">
          <span aria-hidden="true">+{rest}</span>
          <span className="sr-only">и ещё {rest}</span>
        </span>
      ) : null}
    </div>
  );
}
