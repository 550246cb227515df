import { featuredTimeZones } from '@addesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Input } from '@/components/ui/input';
import { useSettings } from '@/features/profile/api/get-settings';
import { useUpdateSettings } from '@/features/profile/api/update-settings';
import { setTeamTimeZone } from '@/lib/format';

const featuredIds = new Set<string>(featuredTimeZones.map((zone) => zone.id));

/** Every other zone the browser knows, by its IANA name, for the search. */
const otherZones = () => Intl.supportedValuesOf('timeZone').filter((id) => !featuredIds.has(id));

/**
 * The team's time zone (decisions D5): Russia's eleven zones and the neighbours first, any other zone by search.
 * Saving it moves every date of the team to that zone, so everything shown is fetched again.
 */
export function TimeZoneField() {
  const id = useId();
  const query = useSettings();
  const update = useUpdateSettings();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const others = useMemo(otherZones, []);
  const found = search.trim()
    ? others.filter((zone) => zone.toLowerCase().includes(search.trim().toLowerCase()))
    : [];
  const current = query.data?.timeZone;

  const choose = (timeZone: string) =>
    update.mutate(
      { timeZone },
      {
        onSuccess: (saved) => {
          setTeamTimeZone(saved.timeZone);
          void queryClient.invalidateQueries();
        },
      },
    );

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h2 id={`${id}-heading`} className="font-semibold text-muted-foreground text-sm">
        Часовой пояс команды
      </h2>
      <div className="flex flex-col gap-3 rounded-xl border bg-card p-4">
        <label htmlFor={`${id}-zone`} className="text-sm">
          Все даты и время команды показываются и записываются в этом поясе
        </label>
        <select
          id={`${id}-zone`}
          value={current ?? ''}
          disabled={!current || update.isPending}
          onChange={(event) => choose(event.target.value)}
          className="min-h-12 rounded-md border bg-background px-3"
        >
          {current && !featuredIds.has(current) && !found.includes(current) && (
            <option value={current}>{current}</option>
          )}
          {featuredTimeZones.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.name}
            </option>
          ))}
          {found.length > 0 && (
            <optgroup label="Найдено">
              {found.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        <Input
          type="search"
          aria-label="Найти другой часовой пояс"
          placeholder="Найти другой: Berlin, Dubai…"
          value={search}
          maxLength={64}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
    </section>
  );
}
