import { Link } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { formatDay, formatShortDateTime, formatTime } from '@/lib/format';
import { type SaleSlot, useSaleConflicts } from '../api/get-sale-conflicts';
import { scheduleTexts } from '../lib/texts';

export type SlotConflictWarningProps = {
  /** The sale's channel; none yet: nothing to check. */
  channelId: number | undefined;
  /** The placement's start, ISO 8601 with an offset; none yet: nothing to check. */
  accommodationTime: string | undefined;
  hoursInTop: number;
  /** The sale being edited. */
  excludeId?: number | undefined;
};

/**
 * The sale form's warning (issue 14): the sales on the same channel this slot collides with, each with a link.
 * Only a warning: saving stays possible. Shows nothing until the channel and the time are known, or when free.
 */
export function SlotConflictWarning({
  channelId,
  accommodationTime,
  hoursInTop,
  excludeId,
}: SlotConflictWarningProps) {
  const slot: SaleSlot | undefined =
    channelId === undefined || !accommodationTime
      ? undefined
      : { channelId, accommodationTime, hoursInTop, excludeId };
  const conflicts = useSaleConflicts(slot);
  if (!slot || !conflicts.data || conflicts.data.length === 0) return null;
  const slotDay = formatDay(slot.accommodationTime);
  // A conflict on another day than the slot's says its date, not only the time.
  const when = (value: string) =>
    formatDay(value) === slotDay ? formatTime(value) : formatShortDateTime(value);
  return (
    <div
      role="status"
      className="flex gap-2 rounded-lg border border-amber-500/60 bg-amber-500/10 p-3 text-sm"
    >
      <TriangleAlert
        aria-hidden="true"
        className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400"
      />
      <ul className="flex min-w-0 flex-col gap-1">
        {conflicts.data.map((conflict) => (
          <li key={conflict.id}>
            {scheduleTexts.conflictWith}{' '}
            <Link
              to="/sale/$id"
              params={{ id: String(conflict.id) }}
              className="font-medium text-link underline"
            >
              «{conflict.counterpartName ?? conflict.channel.name}»
            </Link>
            , {when(conflict.placementStart)}–{when(conflict.slotUntil)}
          </li>
        ))}
      </ul>
    </div>
  );
}
