import { featuredTimeZones } from '@addesk/contract/plain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Input } from '@/components/ui/input';
import { useSettings } from '@/features/profile/api/get-settings';
import { useUpdateSettings } from '@/features/profile/api/update-settings';
import { setTeamTimeZone, zoneShortName } from '@/lib/format';

const featuredIds = new Set<string>(featuredTimeZones.map((zone) => zone.id));

/** How many found zones the list shows: a phone's screen of them; a longer search narrows it. */
const MAX_FOUND = 12;

type Zone = { id: string; name: string };

/** Every zone the browser knows: the featured ones by their Russian names, the others by their IANA names. */
const allZones = (): Zone[] => [
  ...featuredTimeZones,
  ...Intl.supportedValuesOf('timeZone')
    .filter((id) => !featuredIds.has(id))
    .map((id) => ({ id, name: id })),
];

/** A zone's name as the list writes it: 'Новосибирск (МСК+4)', 'Europe/Berlin'. */
const zoneName = (id: string) => featuredTimeZones.find((zone) => zone.id === id)?.name ?? id;

/** Lower case, '_' as a space: 'new york' finds America/New_York. */
const searchable = (text: string) => text.toLowerCase().replaceAll('_', ' ').trim();

/** What the time carries on a device in another zone, for the hint under the zone. */
function MarkHint({ timeZone }: { timeZone: string }) {
  return (
    <p className="text-muted-foreground text-sm">
      На устройстве в другом поясе время подписано: {zoneShortName(timeZone)}
    </p>
  );
}

/**
 * The team's time zone (decisions D5). The master chooses it: Russia's eleven zones and the neighbours first, any
 * other zone by search, its matches listed under the search. Saving it moves every date of the team to that zone, so
 * everything shown is fetched again. An employee sees it read-only: only the master changes it.
 */
export function TimeZoneField() {
  const id = useId();
  const query = useSettings();
  const current = query.data?.timeZone;

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h2 id={`${id}-heading`} className="font-semibold text-muted-foreground text-sm">
        Часовой пояс команды
      </h2>
      <div className="flex flex-col gap-3 rounded-xl border bg-card p-4">
        {query.data?.isMaster === false && current ? (
          <>
            <p className="text-sm">Все даты и время команды показываются и записываются в этом поясе</p>
            <p className="font-medium">{zoneName(current)}</p>
            <MarkHint timeZone={current} />
            <p className="text-muted-foreground text-sm">
              Изменить часовой пояс может только владелец команды
            </p>
          </>
        ) : (
          <ZoneChoice id={id} current={current} />
        )}
      </div>
    </section>
  );
}

function ZoneChoice({ id, current }: { id: string; current: string | undefined }) {
  const update = useUpdateSettings();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const zones = useMemo(allZones, []);
  const wanted = searchable(search);
  const matches = wanted
    ? zones.filter((zone) => searchable(zone.name).includes(wanted) || searchable(zone.id).includes(wanted))
    : [];

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
    <>
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
        {current && !featuredIds.has(current) && <option value={current}>{current}</option>}
        {featuredTimeZones.map((zone) => (
          <option key={zone.id} value={zone.id}>
            {zone.name}
          </option>
        ))}
      </select>
      {current && <MarkHint timeZone={current} />}
      <Input
        type="search"
        aria-label="Найти другой часовой пояс"
        // Only while the results are shown: axe refuses a reference to an element that is not there.
        aria-controls={wanted ? `${id}-found` : undefined}
        placeholder="Найти другой: Berlin, Dubai…"
        value={search}
        maxLength={64}
        disabled={!current}
        onChange={(event) => setSearch(event.target.value)}
      />
      {wanted && (
        <div id={`${id}-found`} aria-live="polite" className="flex flex-col gap-2">
          {matches.length === 0 ? (
            <p className="text-muted-foreground text-sm">Такого часового пояса нет</p>
          ) : (
            <ul aria-label="Найденные часовые пояса" className="overflow-hidden rounded-md border">
              {matches.slice(0, MAX_FOUND).map((zone) => (
                <li key={zone.id} className="border-b last:border-b-0">
                  <button
                    type="button"
                    disabled={update.isPending}
                    aria-current={zone.id === current || undefined}
                    onClick={() => {
                      setSearch('');
                      if (zone.id !== current) choose(zone.id);
                    }}
                    className="flex min-h-12 w-full items-center gap-3 px-3 text-left hover:bg-accent aria-[current=true]:font-semibold"
                  >
                    <span className="min-w-0 flex-1 break-words">{zone.name}</span>{' '}
                    <span className="shrink-0 text-muted-foreground text-sm tabular-nums">
                      {zoneShortName(zone.id)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {matches.length > MAX_FOUND && (
            <p className="text-muted-foreground text-sm">
              Показаны {MAX_FOUND} из {matches.length}: уточните поиск
            </p>
          )}
        </div>
      )}
    </>
  );
}
