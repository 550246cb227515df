import type { InviteLinkBlocker } from '@addesk/contract';
import type { PluralForms } from '@/lib/format';

/** The purchase's attribution card (issue 17): the invite link and what it brought. */
export const attributionTexts = {
  title: 'Подписчики по ссылке',
  linkLabel: 'Пригласительная ссылка закупки',
  linkHint:
    'Отправьте ссылку продавцу, чтобы он поставил её в рекламный пост: вступления по ней бот засчитает этой закупке.',
  copy: 'Скопировать',
  share: 'Поделиться',
  copied: 'Ссылка скопирована',
  notCopied: 'Не удалось скопировать ссылку. Выделите её и скопируйте вручную',
  shareTitle: 'Ссылка для рекламного поста',
  noLink: 'У этой закупки ещё нет пригласительной ссылки.',
  create: 'Создать ссылку',
  creating: 'Создаём ссылку…',
  revoked: (date: string) => `Ссылка отозвана ${date}`,
  revokedHint: 'По ней больше нельзя вступить; цифры ниже сохранились.',
  openChannel: 'Открыть канал',
  blockers: {
    NO_BOT:
      'На этом сервере не настроен Telegram-бот, поэтому ссылку для подсчёта подписчиков создать нельзя.',
    BOT_NOT_ADMIN: (bot: string | null, channel: string) =>
      `Добавьте ${bot ? `бота @${bot}` : 'бота AdDesk'} администратором в канал «${channel}»: тогда у закупки появится своя ссылка.`,
    NO_INVITE_RIGHT: (channel: string) =>
      `Бот — администратор канала «${channel}», но без права приглашать пользователей. Включите ему право «Пригласительные ссылки» в настройках администраторов канала.`,
    CANCELLED: 'Закупка отменена: ссылка для неё не создаётся.',
  } satisfies Record<InviteLinkBlocker, unknown>,
  joined: 'Вступили',
  left: 'Вышли',
  remaining: 'Остались',
  costPerSubscriber: 'Цена подписчика',
  costPerRemaining: 'Цена оставшегося',
  retention24h: 'Остались через 24 часа',
  retention7d: 'Остались через 7 дней',
  none: '—',
  chartTitle: 'Вступления по дням',
  chartEmpty: 'Вступлений по ссылке пока не было.',
  chartTable: 'Цифры по дням',
  day: 'День',
  csv: 'Скачать журнал (CSV)',
  csvLoading: 'Скачиваем журнал…',
  limits:
    'Бот видит только тех, кто вступил по этой ссылке после того, как его сделали администратором канала. Вступления по кнопке «Подписаться» в публичном канале считаются органическими и сюда не попадают; просмотры поста бот не видит.',
} as const;

export const subscriberForms: PluralForms = ['подписчик', 'подписчика', 'подписчиков'];
export const joinedForms: PluralForms = ['вступил', 'вступили', 'вступили'];
export const leftForms: PluralForms = ['вышел', 'вышли', 'вышли'];
