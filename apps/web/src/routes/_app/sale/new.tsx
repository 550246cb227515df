import { createFileRoute } from '@tanstack/react-router';
import { NewDealScreen } from '@/features/deals/components/form/new-deal-screen';

export const Route = createFileRoute('/_app/sale/new')({
  component: NewSaleScreen,
});

function NewSaleScreen() {
  return <NewDealScreen kind="sale" />;
}
