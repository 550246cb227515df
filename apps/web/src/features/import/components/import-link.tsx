import { type DealKind, dealVocabulary } from '@addesk/contract/plain';
import { Link } from '@tanstack/react-router';
import { FileUp } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { HeaderLink } from '@/components/ui/header-link';

/** 'Импорт' in the list's header, beside 'Удалённые', for whoever may record deals. */
export function ImportLink({ kind }: { kind: DealKind }) {
  return <HeaderLink to={dealVocabulary[kind].routes.import} icon={FileUp} label="Импорт" />;
}

/** 'Импорт из таблицы' under the add button of an empty list: past deals from a spreadsheet instead of one by one. */
export function ImportFromTableLink({ kind }: { kind: DealKind }) {
  return (
    <Button asChild variant="secondary" size="lg">
      <Link to={dealVocabulary[kind].routes.import}>
        <FileUp aria-hidden="true" />
        Импорт из таблицы
      </Link>
    </Button>
  );
}
