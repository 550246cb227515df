import { createFileRoute, notFound } from '@tanstack/react-router';
import { ClientCardScreen } from '@/features/clients';
import { clientQueryOptions } from '@/features/clients/api/get-client';
import { parseId } from '@/lib/ids';

/** /clients/{id}: a client's card (issue 33), opened from the list or from a deal's contact. */
export const Route = createFileRoute('/_app/clients/$id')({
  // An id that cannot exist is 'Not Found' before any call is made.
  beforeLoad: ({ params }) => {
    if (parseId(params.id) === undefined) throw notFound();
  },
  // Started, not awaited: the card shows its own loading and errors.
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id !== undefined) void context.queryClient.prefetchInfiniteQuery(clientQueryOptions(id));
  },
  component: ClientPage,
});

function ClientPage() {
  const { id } = Route.useParams();
  return <ClientCardScreen id={Number(id)} />;
}
