import { createFileRoute } from '@tanstack/react-router';
import { ownerOnlyText, RequirePermission } from '@/features/auth/components/require-permission';
import { supportQueryOptions } from '@/features/support/api/get-support';
import { currentTariffQueryOptions } from '@/features/tariffs/api/get-current-tariff';
import { tariffsQueryOptions } from '@/features/tariffs/api/get-tariffs';
import { TariffsScreen } from './-components/tariffs-screen';

export const Route = createFileRoute('/_app/profile/tariff/')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(tariffsQueryOptions()),
      context.queryClient.prefetchQuery(currentTariffQueryOptions()),
      context.queryClient.prefetchQuery(supportQueryOptions()),
    ]),
  component: () => (
    <RequirePermission allowed={(p) => p.owner} title="Тарифы" text={ownerOnlyText}>
      <TariffsScreen />
    </RequirePermission>
  ),
});
