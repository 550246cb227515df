import type { DealKind } from '@addesk/contract/plain';
import { Copy, FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { copyText } from '@/lib/copy-text';
import { errorMessage, notifyFailure, notifySuccess } from '@/lib/notify';
import { useReportLink } from '../../api/post';
import { postTexts as t } from './post-texts';

/** How long 'Скопировано' stays on the button. */
const COPIED_MS = 2_000;

/**
 * 'Отчёт для рекламодателя' (a sale) / 'Отчёт для клиента' (a purchase): a public page of the placement. The link is
 * shown once, as created, with 'Скопировать'; later the card only knows that one is live ('Ссылка на отчёт
 * действует') and offers a new one, which ends the old. 'Отозвать ссылку' ends it after the confirming sheet.
 */
export function ReportLink({ kind, id, shared }: { kind: DealKind; id: number; shared: boolean }) {
  const { create, revoke } = useReportLink(kind, id);
  const [url, setUrl] = useState<string>();
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const make = () => {
    if (create.isPending) return;
    create.mutate(undefined, { onSuccess: (answer) => setUrl(answer.url) });
  };
  const copy = async () => {
    if (!url) return;
    if (await copyText(url)) {
      setCopied(true);
      notifySuccess(t.copied);
    } else notifyFailure(t.notCopied);
  };
  const confirmRevoke = () => {
    if (revoke.isPending) return;
    revoke.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setUrl(undefined);
      },
    });
  };
  const live = url !== undefined || shared;

  return (
    <div className="flex flex-col gap-2 border-t pt-4">
      <h3 className="font-medium">{t.report[kind]}</h3>
      {url ? (
        <>
          <p className="select-all break-all rounded-lg bg-muted px-3 py-2 font-medium">{url}</p>
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {copied ? t.copied : t.copy}
          </Button>
        </>
      ) : shared ? (
        <>
          <p className="text-sm">{t.reportLive}</p>
          <Button variant="secondary" disabled={create.isPending} onClick={make}>
            {create.isPending ? t.creatingReport : t.newReportLink}
          </Button>
        </>
      ) : (
        <>
          <p className="text-muted-foreground text-sm">{t.reportHint}</p>
          <Button variant="secondary" disabled={create.isPending} onClick={make}>
            <FileText aria-hidden="true" />
            {create.isPending ? t.creatingReport : t.report[kind]}
          </Button>
        </>
      )}
      {create.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(create.error)}
        </p>
      ) : null}
      {live ? (
        <Button variant="ghost" className="text-destructive" onClick={() => setConfirming(true)}>
          {url ? t.revoke : t.revokeShort}
        </Button>
      ) : null}
      <ConfirmSheet
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) revoke.reset();
        }}
        title={t.revokeQuestion}
        description={t.revokeHint}
        confirmLabel={t.revoke}
        pendingLabel={t.revoking}
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={confirmRevoke}
      />
    </div>
  );
}
