import type { Channel } from '@addesk/contract';
import { Copy } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth';
import { useChannelPrices } from '@/features/channels/api/get-channel-prices';
import { placementTerm, priceListText, pricesByFormat } from '@/features/channels/lib/price-list';
import { useAdvertisementFormats } from '@/features/deals/api/get-advertisement-formats';
import { copyText } from '@/lib/copy-text';
import { formatMoney } from '@/lib/format';
import { errorMessage, notifyFailure, notifySuccess } from '@/lib/notify';
import { PricesSheet } from './prices-sheet';

/**
 * 'Прайс' (issue 33): the channel's prices by format and term, 'Скопировать текстом' for a client's chat, and
 * 'Изменить' in a bottom sheet for the owner and the channel's administrators (the server's rule for the list).
 */
export function PricesCard({ channel }: { channel: Channel }) {
  const titleId = useId();
  const prices = useChannelPrices(channel.id);
  // The formats are the same reference list for both kinds of deal.
  const formats = useAdvertisementFormats('sale');
  const { data: user } = useCurrentUser();
  const manageOn = user?.permissions.sale.manageOn;
  const canEdit = manageOn === null || (manageOn?.includes(channel.id) ?? false);
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const list = prices.data ?? [];
  const formatName = (id: number) => formats.data?.find((format) => format.id === id)?.name ?? 'Формат';

  const copy = async () => {
    const copied = await copyText(priceListText(channel.telegramNickName, list, formatName));
    if (copied) notifySuccess('Прайс скопирован');
    else notifyFailure('Не удалось скопировать: браузер не дал доступ к буферу обмена');
  };

  let body: ReactNode;
  if (prices.isPending) {
    body = <span aria-hidden="true" className="block h-16 animate-pulse rounded bg-muted" />;
  } else if (prices.isError) {
    body = <p className="text-muted-foreground text-sm">{errorMessage(prices.error)}</p>;
  } else if (list.length === 0) {
    body = <p className="text-muted-foreground text-sm">Прайс пока не заполнен</p>;
  } else {
    body = (
      <div className="flex flex-col gap-3">
        {pricesByFormat(list).map(({ formatId, rows }) => (
          <section key={formatId} aria-label={formatName(formatId)}>
            <h3 className="font-medium text-muted-foreground text-sm">{formatName(formatId)}</h3>
            <ul className="flex flex-col">
              {rows.map((row) => (
                <li
                  key={placementTerm(row)}
                  className="flex min-h-10 items-center justify-between gap-3 border-b last:border-b-0"
                >
                  <span className="min-w-0 break-words">{placementTerm(row)}</span>
                  <span className="shrink-0 whitespace-nowrap font-semibold">{formatMoney(row.price)}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <Button variant="secondary" size="lg" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Скопировать текстом
        </Button>
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId} aria-busy={prices.isPending || undefined}>
      <CardHeader row className="items-center justify-between gap-2 py-2 pr-2">
        <CardTitle id={titleId}>Прайс</CardTitle>
        {canEdit && formats.isSuccess && prices.isSuccess ? (
          <Button
            variant="ghost"
            size={null}
            className="min-h-11 px-3 py-2 text-base text-link"
            onClick={() => {
              setOpening((n) => n + 1);
              setOpen(true);
            }}
          >
            {list.length === 0 ? 'Заполнить' : 'Изменить'}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>{body}</CardContent>
      {formats.data ? (
        <PricesSheet
          key={opening}
          channelId={channel.id}
          list={list}
          formats={formats.data}
          open={open}
          onOpenChange={setOpen}
        />
      ) : null}
    </Card>
  );
}
