import { createFileRoute } from '@tanstack/react-router';
import { todayDay } from '@/components/ui/period-picker-lib';
import { channelQueryOptions } from '@/features/channels/api/get-channel';
import { channelEmployeesQueryOptions } from '@/features/channels/api/get-channel-employees';
import { financeSummaryQueryOptions } from '@/features/finance/api/get-finance-summary';
import { currentMonthQuery } from '@/features/finance/lib/finance-search';
import { telegramBotQueryOptions } from '@/features/telegram/api/get-bot';
import { parseId } from '@/lib/ids';
import { ChannelScreen } from './-components/channel-screen';

export const Route = createFileRoute('/_app/channels/$id/')({
  // Started, not awaited: the screen shows 'Загрузка...' itself (spec §2.10) rather than holding the navigation.
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === undefined) return;
    void context.queryClient.prefetchQuery(channelQueryOptions(id));
    void context.queryClient.prefetchQuery(channelEmployeesQueryOptions(id));
    void context.queryClient.prefetchQuery(telegramBotQueryOptions());
    void context.queryClient.prefetchQuery(financeSummaryQueryOptions(currentMonthQuery(todayDay(), id)));
  },
  component: ChannelScreen,
});
