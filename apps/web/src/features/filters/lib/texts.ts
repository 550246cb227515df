/** Texts of the period filter (spec §2.7). */
export const calendarTexts = {
  filterPeriod: 'Период',
  done: 'Готово',
  calendarTypes: 'Показывать в календаре',
  retry: 'Повторить',
} as const;
