import type { DealKind } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { FileUp } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Each kind's import screen (the kinds' vocabulary names the list, the new deal and the bin, not this one). */
export const importRoutes = { sale: '/sale/import', purchase: '/purchase/import' } as const satisfies Record<
  DealKind,
  string
>;

/**
 * 'Импорт' in the list's header, beside 'Удалённые', for whoever may record deals. On a phone narrower than 420 px
 * the icon alone (its word still its name): with the word the title was cut to 'П…' at 360 px.
 */
export function ImportLink({ kind }: { kind: DealKind }) {
  return (
    <Link
      to={importRoutes[kind]}
      className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2 font-medium text-sm hover:bg-accent"
    >
      <FileUp aria-hidden="true" className="size-5 min-[420px]:size-4" />
      <span className="max-[419px]:sr-only">Импорт</span>
    </Link>
  );
}

/** 'Импорт из таблицы' under the add button of an empty list: past deals from a spreadsheet instead of one by one. */
export function ImportFromTableLink({ kind }: { kind: DealKind }) {
  return (
    <Button asChild variant="secondary" size="lg">
      <Link to={importRoutes[kind]}>
        <FileUp aria-hidden="true" />
        Импорт из таблицы
      </Link>
    </Button>
  );
}
