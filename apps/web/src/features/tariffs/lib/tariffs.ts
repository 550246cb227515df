/** The paid tariffs (spec §9; limits per decisions D3). Payment itself is out of scope. */
export const tariffSlugs = ['baza-3', 'media-25', 'setka-10'] as const;
export type TariffSlug = (typeof tariffSlugs)[number];

export type Tariff = {
  slug: TariffSlug;
  title: string;
  maxChannels: number;
  months: number;
  pricePerMonth: number;
};

export const tariffs: Record<TariffSlug, Tariff> = {
  'baza-3': { slug: 'baza-3', title: 'БАЗА 3', maxChannels: 3, months: 3, pricePerMonth: 899 },
  'setka-10': { slug: 'setka-10', title: 'СЕТКА 10', maxChannels: 10, months: 6, pricePerMonth: 1299 },
  'media-25': { slug: 'media-25', title: 'МЕДИА 25', maxChannels: 25, months: 12, pricePerMonth: 1999 },
};

export function isTariffSlug(value: string): value is TariffSlug {
  return (tariffSlugs as readonly string[]).includes(value);
}

/** The badge of the team's tariff now, on the tariffs and on its own page. */
export const CURRENT_TARIFF = 'Текущий тариф';
