import type { Client, ClientItem } from '@addesk/contract';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';
import { LoadMore } from '@/components/ui/load-more';
import { OptionRow } from '@/components/ui/option-row';
import { SearchBox } from '@/components/ui/search-box';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { plural } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useClientPages } from '../api/get-clients';
import { useMergeClients } from '../api/merge-clients';
import { clientSearchTexts, clientTexts as t } from '../lib/client-texts';

export type MergeSheetProps = { client: Client; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * 'Объединить с…': the team's other clients, searched as the list is; the one picked is asked about once more, then
 * this client's deals move to it and its card opens in place of this one.
 */
export function MergeSheet({ client, open, onOpenChange }: MergeSheetProps) {
  const [q, setQ] = useState<string | undefined>();
  const [into, setInto] = useState<ClientItem | null>(null);
  const query = useClientPages(q, open);
  const merge = useMergeClients(client.id);
  const navigate = useNavigate();
  const others = (query.data?.pages.flatMap((page) => page.items) ?? []).filter((c) => c.id !== client.id);

  const confirm = (target: ClientItem) =>
    merge.mutate(target.id, {
      onSuccess: () => {
        notifySuccess(t.merged);
        onOpenChange(false);
        void navigate({ to: '/clients/$id', params: { id: String(target.id) }, replace: true });
      },
    });

  return (
    <>
      <Sheet open={open && !into} onOpenChange={onOpenChange}>
        <SheetContent className="h-[85dvh]">
          <SheetHeader>
            <SheetTitle>{t.mergeTitle}</SheetTitle>
            <SheetDescription>{t.mergeHint}</SheetDescription>
          </SheetHeader>
          <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-5 pb-6">
            <SearchBox value={q} onSearch={setQ} texts={clientSearchTexts} />
            {query.isPending ? (
              <Spinner className="py-8" />
            ) : others.length === 0 && !query.hasNextPage ? (
              <p className="py-8 text-center text-muted-foreground">{t.noOthers}</p>
            ) : (
              <ul aria-label={t.otherClients} className="flex flex-col">
                {others.map((other) => (
                  <li key={other.id}>
                    <OptionRow
                      name={other.name}
                      hint={[other.username && `@${other.username}`, plural(other.deals, t.dealForms)]
                        .filter(Boolean)
                        .join(' · ')}
                      avatar={{ src: other.iconLink }}
                      selected={false}
                      onClick={() => setInto(other)}
                    />
                  </li>
                ))}
              </ul>
            )}
            <LoadMore query={query} variant="ghost" />
          </div>
        </SheetContent>
      </Sheet>
      {/* 'Назад' goes back to the list to pick another. */}
      <ConfirmSheet
        open={open && into !== null}
        onOpenChange={(next) => {
          if (!next) setInto(null);
        }}
        title={t.mergeQuestion}
        description={into ? t.mergeConfirm(client.name, into.name) : ''}
        confirmLabel={t.mergeButton}
        pendingLabel={t.merging}
        pending={merge.isPending}
        error={merge.error}
        onConfirm={() => into && confirm(into)}
        confirmVariant="default"
      />
    </>
  );
}
