import { createFileRoute } from '@tanstack/react-router';
import { settingsQueryOptions } from '@/features/profile/api/get-settings';
import { telegramBotQueryOptions } from '@/features/telegram/api/get-bot';
import { SyncScreen } from '../-components/sync-screen';

export const Route = createFileRoute('/_app/profile/settings/sync/')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(settingsQueryOptions()),
      context.queryClient.prefetchQuery(telegramBotQueryOptions()),
    ]),
  component: SyncScreen,
});
