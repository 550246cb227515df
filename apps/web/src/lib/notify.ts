import { isApiError } from './api-client';

const FALLBACK_MESSAGE = 'Что-то пошло не так. Попробуйте ещё раз';

/** The Russian text to show for a failed call. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return FALLBACK_MESSAGE;
}

/** A toast with the error's message. sonner is loaded on first use, keeping it out of the first-load chunk. */
export function notifyError(error: unknown): void {
  const message = errorMessage(error);
  void import('sonner').then(({ toast }) => toast.error(message));
}

/** A short confirmation toast ('Канал удалён'), loaded like the error toasts. */
export function notifySuccess(message: string): void {
  void import('sonner').then(({ toast }) => toast.success(message));
}
