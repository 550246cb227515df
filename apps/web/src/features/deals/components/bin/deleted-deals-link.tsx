import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { Trash2 } from 'lucide-react';
import { HeaderLink } from '@/components/ui/header-link';
import { binTexts } from './bin-texts';

/** The way into the bin from the list's header (issue 33): the kind's deleted deals, restorable for their days. */
export function DeletedDealsLink({ kind }: { kind: DealKind }) {
  return <HeaderLink to={dealVocabulary[kind].routes.deleted} icon={Trash2} label={binTexts.entry} />;
}
