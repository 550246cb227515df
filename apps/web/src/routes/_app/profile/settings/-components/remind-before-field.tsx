import { useId } from 'react';
import { useSettings } from '@/features/profile/api/get-settings';
import { useUpdateSettings } from '@/features/profile/api/update-settings';
import { cn } from '@/lib/utils';

/** The lead times offered, in minutes, with their short names (read after 'Напоминать за': 'за сутки'). */
const CHOICES: ReadonlyArray<{ minutes: number; label: string }> = [
  { minutes: 15, label: '15 мин' },
  { minutes: 30, label: '30 мин' },
  { minutes: 60, label: '1 час' },
  { minutes: 120, label: '2 часа' },
  { minutes: 1440, label: 'сутки' },
];

/**
 * 'Напоминать за': how long before a placement the bot reminds of it, a segmented control saved at a tap. A lead
 * time the server has that is not offered (its own default, say) is shown as one more choice.
 */
export function RemindBeforeField() {
  const id = useId();
  const query = useSettings();
  const update = useUpdateSettings();
  const current = query.data?.remindMinutesBefore;
  const choices =
    current === undefined || CHOICES.some((choice) => choice.minutes === current)
      ? CHOICES
      : [...CHOICES, { minutes: current, label: `${current} мин` }].sort((a, b) => a.minutes - b.minutes);

  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-sm">
      <p id={`${id}-label`} className="font-medium">
        Напоминать за
      </p>
      <p id={`${id}-hint`} className="text-muted-foreground text-sm">
        За сколько до выхода рекламы бот напомнит о размещении
      </p>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        aria-busy={!query.data}
        className="flex gap-0.5 rounded-lg bg-muted p-1"
      >
        {choices.map(({ minutes, label }) => (
          <label
            key={minutes}
            className={cn(
              'flex min-h-11 min-w-0 flex-1 cursor-pointer items-center justify-center whitespace-nowrap rounded-md px-0.5 text-center text-sm',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              minutes === current
                ? 'bg-background font-medium shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name={id}
              value={minutes}
              checked={minutes === current}
              disabled={current === undefined}
              onChange={() => update.mutate({ remindMinutesBefore: minutes })}
              className="sr-only"
            />
            {label}
          </label>
        ))}
      </div>
    </div>
  );
}
