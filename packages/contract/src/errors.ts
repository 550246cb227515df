import { z } from './zod.js';

export const errorCodes = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'VERSION_CONFLICT',
  'TARIFF_CHANNEL_LIMIT',
  'RATE_LIMITED',
  'UPSTREAM_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The one error body every failing API call answers with. */
export const errorBodySchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Default Russian message of each code; a service may give a more precise one. */
export const errorMessages: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Проверьте введённые данные',
  UNAUTHENTICATED: 'Войдите, чтобы продолжить',
  FORBIDDEN: 'Недостаточно прав',
  NOT_FOUND: 'Не найдено',
  CONFLICT: 'Такая запись уже есть',
  VERSION_CONFLICT: 'Запись уже изменил кто-то другой. Загружена свежая версия',
  TARIFF_CHANNEL_LIMIT: 'Достигнут лимит каналов по тарифу',
  RATE_LIMITED: 'Слишком много запросов. Попробуйте чуть позже',
  UPSTREAM_UNAVAILABLE: 'Сервис временно недоступен. Попробуйте позже',
  INTERNAL: 'Что-то пошло не так. Мы уже в курсе ситуации и работаем над ее устранением.',
};
