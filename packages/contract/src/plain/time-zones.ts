import { MINUS } from './money.js';

/** The zone of a team that has not chosen one (decisions D5). */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/**
 * The zones offered first in /profile/settings, with their Russian names: the eleven zones of Russia (one IANA name
 * each, offsets from Moscow as Intl gives them) and then the neighbours most users live in. Astana has no IANA zone of
 * its own: it keeps Almaty's time. Kyiv keeps its older IANA name: every ICU and PostgreSQL zone database knows it,
 * not every one knows Europe/Kyiv yet.
 *
 * `short` is what a time carries on a device in another zone (decisions D5): for Russia's zones the letters Russians
 * write for the city ('МСК', 'НСК', 'ЕКБ'), the same three-letter scheme for each; every other zone is named by its
 * offset at that instant ('GMT+5'), as Russians read foreign zones.
 */
export const featuredTimeZones = [
  { id: 'Europe/Kaliningrad', name: 'Калининград (МСК−1)', short: 'КЛД' },
  { id: 'Europe/Moscow', name: 'Москва (МСК)', short: 'МСК' },
  { id: 'Europe/Samara', name: 'Самара (МСК+1)', short: 'СМР' },
  { id: 'Asia/Yekaterinburg', name: 'Екатеринбург (МСК+2)', short: 'ЕКБ' },
  { id: 'Asia/Omsk', name: 'Омск (МСК+3)', short: 'ОМС' },
  { id: 'Asia/Novosibirsk', name: 'Новосибирск (МСК+4)', short: 'НСК' },
  { id: 'Asia/Irkutsk', name: 'Иркутск (МСК+5)', short: 'ИРК' },
  { id: 'Asia/Yakutsk', name: 'Якутск (МСК+6)', short: 'ЯКТ' },
  { id: 'Asia/Vladivostok', name: 'Владивосток (МСК+7)', short: 'ВДК' },
  { id: 'Asia/Magadan', name: 'Магадан (МСК+8)', short: 'МГД' },
  { id: 'Asia/Kamchatka', name: 'Камчатка (МСК+9)', short: 'КМЧ' },
  { id: 'Europe/Minsk', name: 'Минск' },
  { id: 'Europe/Kiev', name: 'Киев' },
  { id: 'Europe/Chisinau', name: 'Кишинёв' },
  { id: 'Asia/Almaty', name: 'Алматы и Астана' },
  { id: 'Asia/Tashkent', name: 'Ташкент' },
  { id: 'Asia/Bishkek', name: 'Бишкек' },
  { id: 'Asia/Tbilisi', name: 'Тбилиси' },
  { id: 'Asia/Yerevan', name: 'Ереван' },
  { id: 'Asia/Baku', name: 'Баку' },
] as const satisfies ReadonlyArray<{ id: string; name: string; short?: string }>;

/**
 * The zone's short name next to a time (decisions D5): its Russian letters from the list above, else its offset
 * from UTC at that instant, `offsetMinutes`: 'GMT+5', 'GMT+5:30', 'GMT−3' (the minus sign the list writes), 'GMT'.
 */
export function timeZoneShortName(timeZone: string, offsetMinutes: number): string {
  const featured = featuredTimeZones.find((zone) => zone.id === timeZone);
  if (featured && 'short' in featured) return featured.short;
  if (offsetMinutes === 0) return 'GMT';
  const minutes = Math.abs(offsetMinutes);
  const rest = minutes % 60;
  return `GMT${offsetMinutes < 0 ? MINUS : '+'}${Math.floor(minutes / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

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
