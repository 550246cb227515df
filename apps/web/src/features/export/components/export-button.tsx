import { Download } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { QueryValue } from '@/lib/api-client';

// The sheet and the download code load on the first tap, not with the screen that shows the button.
const ExportSheet = lazy(() =>
  import('./export-sheet').then(({ ExportSheet }) => ({ default: ExportSheet })),
);

export type ExportButtonProps = {
  /** The API's export path: '/sale/export', '/purchase/export' or '/finance/export'. */
  path: string;
  /** The screen's current filters, as its list or summary call sends them. */
  query: Record<string, QueryValue>;
};

/** 'Скачать': a sheet to pick CSV or Excel, then the file of everything the filters show. */
export function ExportButton({ path, query }: ExportButtonProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Download aria-hidden="true" />
        Скачать
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <ExportSheet open={open} onOpenChange={setOpen} path={path} query={query} />
        </Suspense>
      ) : null}
    </>
  );
}
