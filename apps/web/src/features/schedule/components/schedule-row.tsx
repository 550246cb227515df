import type { ScheduleItem } from '@addesk/contract';
import { dealVocabulary } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { formatTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { removalText, topText } from '../lib/agenda';
import { scheduleTexts } from '../lib/texts';

export type ScheduleRowProps = { item: ScheduleItem; showChannel: boolean };

const kindStyles = {
  sale: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  purchase: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
} as const;

/** One placement of the agenda: the whole row opens the deal. */
export function ScheduleRow({ item, showChannel }: ScheduleRowProps) {
  const { words, routes } = dealVocabulary[item.kind];
  const details = [item.counterpartName, item.formatName].filter(Boolean).join(' · ');
  return (
    <Link
      to={routes.item}
      params={{ id: String(item.id) }}
      className={cn(
        'flex gap-3 rounded-xl border bg-card p-3 text-card-foreground hover:bg-accent active:bg-accent/80',
        item.conflict && 'border-amber-500/70',
      )}
    >
      <span className="w-12 shrink-0 pt-0.5 font-semibold tabular-nums">
        {formatTime(item.placementStart)}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex min-w-0 items-center gap-2">
          <span
            className={cn('shrink-0 rounded-md px-1.5 py-0.5 font-medium text-xs', kindStyles[item.kind])}
          >
            {words.one}
          </span>
          {showChannel ? <span className="truncate font-medium">{item.channel.name}</span> : null}
        </span>
        {details ? <span className="truncate text-sm">{details}</span> : null}
        {/* Each term stays whole on a narrow phone: the line breaks between them, not inside a date. */}
        <span className="text-muted-foreground text-sm">
          <span className="whitespace-nowrap">{topText(item)} ·</span>{' '}
          <span className="whitespace-nowrap">{removalText(item)}</span>
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="text-muted-foreground">{item.statusName}</span>
          {item.conflict ? (
            <span
              title={scheduleTexts.conflictHint}
              className="inline-flex items-center gap-1 font-medium text-amber-700 dark:text-amber-400"
            >
              <TriangleAlert aria-hidden="true" className="size-4" />
              {scheduleTexts.conflict}
              <span className="sr-only">: {scheduleTexts.conflictHint}</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
