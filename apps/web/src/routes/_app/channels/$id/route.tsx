import { createFileRoute, notFound } from '@tanstack/react-router';
import { parseId } from '@/lib/ids';

/** Every /channels/{id}/... screen: an id that cannot exist is 'Not Found' before any call is made. */
export const Route = createFileRoute('/_app/channels/$id')({
  beforeLoad: ({ params }) => {
    if (parseId(params.id) === undefined) throw notFound();
  },
});
