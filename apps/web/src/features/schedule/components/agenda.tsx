import type { ScheduleItem } from '@addesk/contract';
import { useId } from 'react';
import type { Day } from '@/components/ui/period-picker-lib';
import { type AgendaDay, groupByDay } from '../lib/agenda';
import { ScheduleRow } from './schedule-row';

export type AgendaProps = {
  items: readonly ScheduleItem[];
  /** Today in the team's zone: its placements go under 'Сегодня'. */
  today: Day;
  /** On a channel's own page the channel is in the title, not on every row. */
  showChannel: boolean;
};

/** The placements grouped by day of the team's zone: 'Сегодня', 'Завтра', then dates with the weekday. */
export function Agenda({ items, today, showChannel }: AgendaProps) {
  return (
    <div className="flex flex-col gap-5">
      {groupByDay(items, today).map((group) => (
        <AgendaSection key={group.day} group={group} showChannel={showChannel} />
      ))}
    </div>
  );
}

function AgendaSection({ group, showChannel }: { group: AgendaDay; showChannel: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="font-semibold text-muted-foreground text-sm">
        {group.title}
      </h2>
      <ul className="flex flex-col gap-2">
        {group.items.map((item) => (
          <li key={`${item.kind}-${item.id}`}>
            <ScheduleRow item={item} showChannel={showChannel} />
          </li>
        ))}
      </ul>
    </section>
  );
}
