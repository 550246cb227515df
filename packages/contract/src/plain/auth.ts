/** The ways to sign in besides the demo, and their names on the buttons. */
export const oauthProviders = ['google', 'yandex'] as const;
export type OAuthProvider = (typeof oauthProviders)[number];

export const providerNames: Record<OAuthProvider, string> = { google: 'Google', yandex: 'Яндекс' };

/** Every door into a profile and its name in 'Способы входа'. */
export const doorNames = { ...providerNames, telegram: 'Telegram', demo: 'Демо-вход' } as const;
export type SignInDoor = keyof typeof doorNames;

/** Why a sign-in came back to /auth (`/auth?error=CODE`), with what the user reads. */
export const authErrorMessages = {
  provider_not_configured:
    'Этот способ входа не настроен на сервере: администратору нужно задать GOOGLE_CLIENT_ID и GOOGLE_CLIENT_SECRET (или YANDEX_CLIENT_ID и YANDEX_CLIENT_SECRET)',
  demo_disabled: 'Демо-вход выключен на этом сервере (DEMO_LOGIN=0)',
  demo_cross_site: 'Демо-вход по ссылке с другого сайта не выполняется: нажмите «Демо-вход» ниже',
  access_denied: 'Вы отменили вход. Попробуйте ещё раз',
  invalid_state: 'Сессия входа устарела. Попробуйте ещё раз',
  provider_error: 'Не удалось войти через провайдера. Попробуйте ещё раз',
  telegram_not_configured:
    'Вход через Telegram не настроен на сервере: администратору нужно задать TELEGRAM_BOT_TOKEN',
  telegram_invalid:
    'Telegram не подтвердил вход: данные входа изменены или подписаны не нашим ботом. Попробуйте ещё раз',
  telegram_expired: 'Вход через Telegram устарел: ему больше суток. Войдите ещё раз',
  account_taken:
    'Этот аккаунт уже входит в другой профиль AdDesk: войдите через него и удалите тот профиль, чтобы привязать',
  link_signed_out: 'Чтобы привязать способ входа, сначала войдите в AdDesk',
} as const;
export type AuthErrorCode = keyof typeof authErrorMessages;
