import { createFileRoute } from '@tanstack/react-router';
import { NewDealScreen } from '@/features/deals/components/form/new-deal-screen';

export const Route = createFileRoute('/_app/purchase/new')({
  component: NewPurchaseScreen,
});

function NewPurchaseScreen() {
  return <NewDealScreen kind="purchase" />;
}
