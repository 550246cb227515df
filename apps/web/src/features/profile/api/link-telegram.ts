import type { TelegramLink } from '@addesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/profile/telegram/link: the bot's address with a one-time start token (15 minutes). The bot links the
 * chat when the person presses Start; the settings say so once they are read again.
 */
export function linkTelegram() {
  return apiRequest<TelegramLink>('POST', '/profile/telegram/link');
}

export function useLinkTelegram() {
  return useMutation({ mutationFn: linkTelegram });
}
