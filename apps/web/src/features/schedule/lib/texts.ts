import type { PluralForms } from '@/lib/format';

/** The schedule's words (issue 14). */
export const scheduleTexts = {
  title: 'Контент',
  channelTitle: (name: string) => `Контент · ${name}`,
  today: 'Сегодня',
  tomorrow: 'Завтра',
  all: 'Все',
  kindFilter: 'Что показать',
  agenda: 'Список',
  month: 'Месяц',
  viewSwitch: 'Вид',
  periodHint: `Размещения по дням в часовом поясе команды; период не длиннее 92 дней.`,
  monthHint: 'Коснитесь дня, чтобы увидеть его размещения.',
  empty: 'В этот период размещений нет',
  noTop: 'без топа',
  inTop: 'в топе',
  noRemoval: 'без удаления',
  removeAt: 'удалить',
  conflict: 'Пересечение',
  conflictHint: 'Пересекается с другой продажей на этом канале',
  conflictWith: 'Пересекается с продажей',
  retry: 'Повторить',
  placements: ['размещение', 'размещения', 'размещений'] as PluralForms,
  hours: ['час', 'часа', 'часов'] as PluralForms,
};

/** Monday 0 ... Sunday 6, as the period picker counts them. */
export const weekdays = ['понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'];
