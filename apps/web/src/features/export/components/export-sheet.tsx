import type { ExportFormat } from '@addesk/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import type { QueryValue } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';
import { downloadExport, formatBytes } from '../lib/download';

const formats: { format: ExportFormat; label: string; hint: string }[] = [
  { format: 'xlsx', label: 'Excel (XLSX)', hint: 'Суммы — числами, даты — датами' },
  { format: 'csv', label: 'CSV', hint: 'Откроется в Excel и Google Таблицах' },
];

type State =
  | { step: 'choose' }
  | { step: 'loading'; format: ExportFormat; bytes: number }
  | { step: 'failed'; error: unknown };

export type ExportSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  path: string;
  query: Record<string, QueryValue>;
};

export function ExportSheet({ open, onOpenChange, path, query }: ExportSheetProps) {
  const [state, setState] = useState<State>({ step: 'choose' });
  const download = useRef<AbortController | null>(null);
  // Closing the sheet or leaving the screen stops a download under way.
  useEffect(() => () => download.current?.abort(), []);

  const close = (next: boolean) => {
    if (!next) {
      download.current?.abort();
      setState({ step: 'choose' });
    }
    onOpenChange(next);
  };

  async function start(format: ExportFormat) {
    const controller = new AbortController();
    download.current = controller;
    setState({ step: 'loading', format, bytes: 0 });
    try {
      await downloadExport(
        path,
        query,
        format,
        (bytes) => setState({ step: 'loading', format, bytes }),
        controller.signal,
      );
      if (!controller.signal.aborted) close(false);
    } catch (error) {
      if (!controller.signal.aborted) setState({ step: 'failed', error });
    }
  }

  return (
    <Sheet open={open} onOpenChange={close}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Скачать</SheetTitle>
          <SheetDescription>Все записи, которые показывает фильтр, в одном файле</SheetDescription>
        </SheetHeader>
        {state.step === 'loading' ? (
          <div className="flex items-center gap-3 px-5 py-4">
            <Spinner label="Готовим файл" className="[&_svg]:size-6" />
            <p aria-live="polite">
              {state.bytes === 0 ? 'Готовим файл…' : `Скачано ${formatBytes(state.bytes)}`}
            </p>
          </div>
        ) : (
          <div className="flex flex-col gap-2 px-5 pt-2">
            {state.step === 'failed' ? (
              <p role="alert" className="text-destructive text-sm">
                {errorMessage(state.error)}
              </p>
            ) : null}
            {formats.map(({ format, label, hint }) => (
              <Button key={format} variant="outline" size="lg" stack onClick={() => void start(format)}>
                <span>{label}</span>
                <span className="text-muted-foreground text-sm">{hint}</span>
              </Button>
            ))}
          </div>
        )}
        <SheetFooter>
          <SheetClose asChild>
            <Button size="lg" variant="secondary">
              {state.step === 'loading' ? 'Отменить' : 'Назад'}
            </Button>
          </SheetClose>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
