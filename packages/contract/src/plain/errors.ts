/** The codes an API failure answers with, and their default Russian messages. */
export const errorCodes = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'VERSION_CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'TARIFF_CHANNEL_LIMIT',
  'RATE_LIMITED',
  'UPSTREAM_UNAVAILABLE',
  'UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** Default Russian message of each code; a service may give a more precise one. */
export const errorMessages: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Проверьте введённые данные',
  UNAUTHENTICATED: 'Войдите, чтобы продолжить',
  FORBIDDEN: 'Недостаточно прав',
  NOT_FOUND: 'Не найдено',
  CONFLICT: 'Такая запись уже есть',
  VERSION_CONFLICT: 'Запись уже изменил кто-то другой. Загружена свежая версия',
  IDEMPOTENCY_KEY_REUSED: 'Этот ключ повтора уже использован для другого запроса',
  TARIFF_CHANNEL_LIMIT: 'Достигнут лимит каналов по тарифу',
  RATE_LIMITED: 'Слишком много запросов. Попробуйте чуть позже',
  UPSTREAM_UNAVAILABLE: 'Сервис временно недоступен. Попробуйте позже',
  UNAVAILABLE: 'Сервис временно недоступен',
  INTERNAL: 'Что-то пошло не так. Мы уже в курсе ситуации и работаем над ее устранением.',
};
