import { createFileRoute, notFound } from '@tanstack/react-router';
import { isTariffSlug } from '@/features/tariffs/lib/tariffs';

/** Only the known tariffs have a page (spec §2.1); anything else is 'Not Found'. */
export const Route = createFileRoute('/_app/profile/tariff/$tariff')({
  beforeLoad: ({ params }) => {
    if (!isTariffSlug(params.tariff)) throw notFound();
  },
});
