import type { UseQueryResult } from '@tanstack/react-query';
import { Link, type RegisteredRouter, type ValidateLinkOptions } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { avatarStackGap } from '@/components/ui/avatar';
import { AvatarStack, type AvatarStackItem } from '@/components/ui/avatar-stack';
import { type PluralForms, plural } from '@/lib/format';
import { cn } from '@/lib/utils';

type CountedPage<T> = { items: T[]; total: number };

export type PreviewCardProps<T, TOptions> = {
  title: string;
  link: ValidateLinkOptions<RegisteredRouter, TOptions>;
  forms: PluralForms;
  query: UseQueryResult<CountedPage<T>>;
  toItem: (item: T) => AvatarStackItem;
};

const MAX_AVATARS = 3;

/** A dashboard card (spec §2.4): title, up to 3 avatars and '+N' for the rest, 'Нет данных' when empty. */
export function PreviewCard<T, TOptions>({
  title,
  link,
  forms,
  query,
  toItem,
}: PreviewCardProps<T, TOptions>) {
  const { data, isPending, fetchStatus } = query;
  let summary: string;
  let body: ReactNode;

  if (isPending && fetchStatus === 'paused') {
    // Offline before the card ever loaded: it loads by itself once the connection is back.
    summary = 'нет связи';
    body = <p className="text-muted-foreground text-sm">Нет связи</p>;
  } else if (isPending) {
    summary = 'загрузка';
    body = (
      <div aria-hidden="true" className={cn('flex', avatarStackGap)}>
        {[0, 1, 2].map((key) => (
          <span key={key} className="size-8 animate-pulse rounded-full bg-muted" />
        ))}
      </div>
    );
  } else if (!data) {
    // Only with nothing to show: a failed refetch (offline, a pull) keeps the card as it was.
    summary = 'не удалось загрузить';
    body = <p className="text-muted-foreground text-sm">Не удалось загрузить</p>;
  } else if (data.total === 0 || data.items.length === 0) {
    summary = 'нет данных';
    body = <p className="text-muted-foreground text-sm">Нет данных</p>;
  } else {
    summary = plural(data.total, forms);
    // Small pictures: three side by side and '+N' fit half of a 360 px screen.
    body = <AvatarStack items={data.items.map(toItem)} total={data.total} max={MAX_AVATARS} size="sm" />;
  }

  return (
    <Link
      {...(link as ValidateLinkOptions)}
      // Plain spaces: the name is read out and matched by tests, the no-break space only matters on screen.
      aria-label={`${title}: ${summary.replace(/\u00a0/g, ' ')}`}
      aria-busy={(isPending && fetchStatus !== 'paused') || undefined}
      // The tiles' padding under it: 'Сотрудники' and its chevron fit the card's half of a 360 px screen.
      className="flex min-h-32 flex-col justify-between gap-3 rounded-xl border bg-card p-3 text-card-foreground shadow-sm hover:bg-accent active:bg-accent/80"
    >
      <div className="flex items-center justify-between gap-1">
        <h2 className="min-w-0 font-semibold text-base">{title}</h2>
        {/* The glyph's own margin stands in the card's padding. */}
        <ChevronRight aria-hidden="true" className="-mr-1 size-5 shrink-0 text-muted-foreground" />
      </div>
      <div className="flex min-h-10 items-center">{body}</div>
      {data && data.total > 0 ? <p className="text-muted-foreground text-xs">{summary}</p> : null}
    </Link>
  );
}
