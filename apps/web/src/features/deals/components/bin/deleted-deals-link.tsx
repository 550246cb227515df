import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { binTexts } from './bin-texts';

/** The way into the bin from the list's header (issue 33): the kind's deleted deals, restorable for their days. */
export function DeletedDealsLink({ kind }: { kind: DealKind }) {
  return (
    <Link
      to={dealVocabulary[kind].routes.deleted}
      className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-2 font-medium text-sm hover:bg-accent"
    >
      <Trash2 aria-hidden="true" className="size-4" />
      {binTexts.entry}
    </Link>
  );
}
