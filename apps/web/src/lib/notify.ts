import { useSyncExternalStore } from 'react';
import { isApiError } from './api-client';

const FALLBACK_MESSAGE = 'Что-то пошло не так. Попробуйте ещё раз';

/** The Russian text to show for a failed call. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return FALLBACK_MESSAGE;
}

type Sonner = typeof import('sonner');

// sonner and its <Toaster> load with the first toast, keeping them off the first load: the signed-in layout mounts
// the Toaster once `useToasterWanted` turns true, and the Toaster shows the toasts made before it was mounted.
let toasterWanted = false;
const toasterListeners = new Set<() => void>();

function showToast(show: (toast: Sonner['toast']) => void): void {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of toasterListeners) listener();
  }
  // A chunk that fails to load (offline before it was ever fetched) loses the toast, never throws unhandled.
  import('sonner').then(
    ({ toast }) => show(toast),
    () => undefined,
  );
}

function subscribeToToasterWanted(listener: () => void): () => void {
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

/** True once any toast was asked for: then (and only then) the Toaster is worth loading. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(subscribeToToasterWanted, () => toasterWanted);
}

/** A toast with the error's message. */
export function notifyError(error: unknown): void {
  notifyFailure(errorMessage(error));
}

/** A toast with a failure of the screen's own ('Не удалось скопировать ссылку...'). */
export function notifyFailure(message: string): void {
  showToast((toast) => toast.error(message));
}

const successListeners = new Set<() => void>();

/** Calls `listener` with every confirmation toast: the Mini App answers it with Telegram's haptic 'success'. */
export function onSuccessNotified(listener: () => void): () => void {
  successListeners.add(listener);
  return () => successListeners.delete(listener);
}

/** A short confirmation toast ('Канал удалён'). */
export function notifySuccess(message: string): void {
  for (const listener of successListeners) listener();
  showToast((toast) => toast.success(message));
}

/** How long 'Отменить' stays offered. */
const UNDO_MS = 5000;
/** sonner draws action buttons 24 px tall; a finger needs 44. */
const undoButtonStyle = { height: 44, paddingInline: 16, fontSize: 14, borderRadius: 8 } as const;

/**
 * A confirmation toast with 'Отменить' for 5 s ('Продажа удалена'): tapping it closes the toast and calls `onUndo`,
 * which reports its own outcome.
 */
export function notifyUndo(message: string, onUndo: () => void): void {
  showToast((toast) =>
    toast.success(message, {
      duration: UNDO_MS,
      action: { label: 'Отменить', onClick: onUndo },
      actionButtonStyle: undoButtonStyle,
    }),
  );
}
