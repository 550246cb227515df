import { createFileRoute } from '@tanstack/react-router';
import { supportQueryOptions } from '@/features/support/api/get-support';
import { FaqScreen } from './-components/faq-screen';

export const Route = createFileRoute('/_app/faq/')({
  loader: ({ context }) => context.queryClient.prefetchQuery(supportQueryOptions()),
  component: FaqScreen,
});
