import { UserRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { initials } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * The circle and its initials' type: two of the widest letters ('ЮЖ', 2.4 em wide in the bold of the test
 * machine's DejaVu Sans) sit inside the circle with a pixel to spare, never cut by its curve.
 */
const sizes = {
  xs: 'size-6 text-[0.5625rem]',
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  lg: 'size-12 text-base',
  xl: 'size-20 text-2xl',
} as const;

/**
 * Pictures of a stack stand side by side: two wide letters leave a circle 1 to 11 px on each side, less than
 * any overlap with its ring would cover ('ЮФ' read 'ОФ' under the channel's picture, issue 33).
 */
export const avatarStackGap = 'gap-1';

export type AvatarSize = keyof typeof sizes;

/** Backgrounds for initials, each with white text above 4.5:1 (Tailwind 700s). */
const tones = [
  'bg-orange-700',
  'bg-red-700',
  'bg-pink-700',
  'bg-purple-700',
  'bg-indigo-700',
  'bg-blue-700',
  'bg-teal-700',
  'bg-green-700',
  'bg-yellow-700',
  'bg-sky-700',
] as const;

/** The same name always gets the same colour, like in Telegram. */
export function avatarTone(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return tones[hash % tones.length] ?? 'bg-blue-700';
}

export type AvatarProps = {
  /** Whose picture: the alternative text, and the source of the initials when there is no picture. */
  name: string;
  src?: string | null | undefined;
  size?: AvatarSize;
  className?: string;
  /** Inside a control that already names it: hide from assistive technology. */
  decorative?: boolean;
};

/** A round picture with the initials of `name` in its place when there is none or it fails to load. */
export function Avatar({ name, src, size = 'md', className, decorative = false }: AvatarProps) {
  // Remember which picture failed, so a new one gets its own chance to load.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  // The muted colours are the picture's alone: the initials bring their tone (with no tailwind-merge, both would stay).
  const base = cn(
    'relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full font-semibold',
    sizes[size],
    className,
  );

  if (src && src !== failedSrc) {
    return (
      <img
        data-slot="avatar"
        src={src}
        alt={decorative ? '' : name}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailedSrc(src)}
        className={cn(base, 'bg-muted text-muted-foreground object-cover')}
      />
    );
  }

  const letters = initials(name) || '?';
  return (
    <Named
      label={name}
      decorative={decorative}
      slot="avatar"
      className={cn(base, avatarTone(name), 'text-white')}
    >
      <span data-slot="avatar-initials" aria-hidden="true">
        {letters}
      </span>
    </Named>
  );
}

/** A drawn picture: `role="img"` named by `label`, or hidden from assistive technology when decorative. */
function Named({
  label,
  decorative,
  slot,
  className,
  children,
}: {
  label: string;
  decorative: boolean;
  slot: string;
  className: string;
  children: ReactNode;
}) {
  if (decorative) {
    return (
      <span data-slot={slot} aria-hidden="true" className={className}>
        {children}
      </span>
    );
  }
  return (
    <span data-slot={slot} role="img" aria-label={label} className={className}>
      {children}
    </span>
  );
}

export type AvatarPlaceholderProps = Omit<AvatarProps, 'name' | 'src'> & {
  /** What is missing ('Контакт не указан'): the alternative text. */
  label: string;
};

/** A neutral round person where there is nobody to show: no initials made of the words 'Не указан'. */
export function AvatarPlaceholder({
  label,
  size = 'md',
  className,
  decorative = false,
}: AvatarPlaceholderProps) {
  return (
    <Named
      label={label}
      decorative={decorative}
      slot="avatar-placeholder"
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-muted text-muted-foreground',
        sizes[size],
        className,
      )}
    >
      <UserRound aria-hidden="true" className="size-3/5" />
    </Named>
  );
}
