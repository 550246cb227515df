/** The zone of a team that has not chosen one (decisions D5). */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/**
 * The zones offered first in /profile/settings, with their Russian names: the eleven zones of Russia (one IANA name
 * each, offsets from Moscow as Intl gives them) and then the neighbours most users live in. Astana has no IANA zone of
 * its own: it keeps Almaty's time. Kyiv keeps its older IANA name: every ICU and PostgreSQL zone database knows it,
 * not every one knows Europe/Kyiv yet.
 */
export const featuredTimeZones = [
  { id: 'Europe/Kaliningrad', name: 'Калининград (МСК−1)' },
  { id: 'Europe/Moscow', name: 'Москва (МСК)' },
  { id: 'Europe/Samara', name: 'Самара (МСК+1)' },
  { id: 'Asia/Yekaterinburg', name: 'Екатеринбург (МСК+2)' },
  { id: 'Asia/Omsk', name: 'Омск (МСК+3)' },
  { id: 'Asia/Novosibirsk', name: 'Новосибирск (МСК+4)' },
  { id: 'Asia/Irkutsk', name: 'Иркутск (МСК+5)' },
  { id: 'Asia/Yakutsk', name: 'Якутск (МСК+6)' },
  { id: 'Asia/Vladivostok', name: 'Владивосток (МСК+7)' },
  { id: 'Asia/Magadan', name: 'Магадан (МСК+8)' },
  { id: 'Asia/Kamchatka', name: 'Камчатка (МСК+9)' },
  { id: 'Europe/Minsk', name: 'Минск' },
  { id: 'Europe/Kiev', name: 'Киев' },
  { id: 'Europe/Chisinau', name: 'Кишинёв' },
  { id: 'Asia/Almaty', name: 'Алматы и Астана' },
  { id: 'Asia/Tashkent', name: 'Ташкент' },
  { id: 'Asia/Bishkek', name: 'Бишкек' },
  { id: 'Asia/Tbilisi', name: 'Тбилиси' },
  { id: 'Asia/Yerevan', name: 'Ереван' },
  { id: 'Asia/Baku', name: 'Баку' },
] as const;

/**
 * The cookie the sign-in page leaves with the browser's zone (path /api/auth): a team created by that sign-in takes
 * the zone. A cookie rather than a link parameter, so the sign-in links stay the addresses users and tests know.
 */
export const BROWSER_ZONE_COOKIE = 'addesk_tz';

let known: Set<string> | undefined;

/** Whether `name` is an IANA zone this runtime knows: its own list, 'UTC' (absent from it) and the featured names. */
export function isKnownTimeZone(name: string): boolean {
  known ??= new Set([
    ...Intl.supportedValuesOf('timeZone'),
    'UTC',
    ...featuredTimeZones.map((zone) => zone.id),
  ]);
  return known.has(name);
}
