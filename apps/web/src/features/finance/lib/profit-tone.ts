/** A profit's colour: green above zero, red below; the sign of the amount says the same without colour. */
export const profitTone = (profit: number) =>
  profit < 0
    ? 'text-rose-700 dark:text-rose-400'
    : profit > 0
      ? 'text-emerald-700 dark:text-emerald-400'
      : '';
