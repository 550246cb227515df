import type { FieldChange, HistoryEvent } from '@addesk/contract';
import { type DealKind, type DurationType, dealVocabulary, durationTypeNames } from '@addesk/contract/plain';
import { InlineErrorState } from '@/components/ui/error-state';
import { LoadMore } from '@/components/ui/load-more';
import { formatCalendarDay, formatDateTime, formatMoney, formatShortDateTime } from '@/lib/format';
import { useDealHistory } from '../../api/get-deal-history';
import { dealTexts } from '../../lib/kinds';
import { DealCardFrame } from '../deal-screen-card';
import { counterpartTexts, formTexts } from '../form/form-texts';

type Value = FieldChange['from'];

/** How each field of a deal's history is named and written (the form's labels, the screens' formats). */
function fieldFormats(kind: DealKind): Record<string, { label: string; write?: (value: Value) => string }> {
  const { words } = dealVocabulary[kind];
  const day = (value: Value) => formatCalendarDay(String(value));
  return {
    price: { label: formTexts.cost, write: (value) => formatMoney(Number(value)) },
    status: { label: formTexts.status },
    channel: { label: formTexts.channel },
    employee: { label: words.managerLabel },
    external: { label: counterpartTexts.externalChannels.label },
    contact: { label: counterpartTexts.contacts.label },
    format: { label: formTexts.format },
    type: { label: formTexts.type },
    date: { label: words.dateLabel, write: day },
    placementAt: { label: formTexts.sections.placement, write: (value) => formatDateTime(String(value)) },
    durationType: {
      label: formTexts.placementTerm,
      write: (value) => durationTypeNames[value as DurationType] ?? String(value),
    },
    duration: { label: 'Срок' },
    hoursInTop: { label: formTexts.hoursInTop },
    paymentDueDate: { label: formTexts.paymentDueDate, write: day },
    postLink: { label: formTexts.postLink },
    amount: { label: 'Сумма', write: (value) => formatMoney(Number(value)) },
    paidAt: { label: 'Дата оплаты', write: day },
  };
}

const actionTitles: Record<HistoryEvent['action'], string> = {
  create: 'Создание',
  update: 'Изменение',
  delete: 'Удаление',
  restore: 'Восстановление',
  payment_add: 'Оплата',
  payment_delete: 'Оплата удалена',
  import: 'Импортирована',
};

/** What an event shows under its title: a change's before and after; what a new deal or a payment was. */
function changeLines(event: HistoryEvent, formats: ReturnType<typeof fieldFormats>) {
  const shown = event.action === 'create' ? event.changes.filter((c) => c.field === 'price') : event.changes;
  return shown.map((change) => {
    const format = formats[change.field];
    const write = (value: Value) => (value === null ? '—' : (format?.write ?? String)(value));
    const label = format?.label ?? change.field;
    const text =
      change.from === null
        ? write(change.to)
        : change.to === null
          ? write(change.from)
          : `${write(change.from)} → ${write(change.to)}`;
    return { key: change.field, label, text };
  });
}

/**
 * 'История' on a deal's screen (docs/decisions/025), for those who may change the deal: who did what and when, newest
 * first, a field's value before and after.
 */
export function HistoryCard({ kind, id }: { kind: DealKind; id: number }) {
  const query = useDealHistory(kind, id);
  const formats = fieldFormats(kind);
  const events = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <DealCardFrame title={dealTexts.history}>
      {query.isPending ? (
        <span aria-hidden="true" className="block h-16 animate-pulse rounded-lg bg-muted" />
      ) : query.isError ? (
        <InlineErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <ol className="-my-1 flex flex-col divide-y">
            {events.map((event) => (
              <li key={event.id} className="flex flex-col gap-1 py-2">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium">{actionTitles[event.action]}</span>
                  <time dateTime={event.at} className="text-muted-foreground text-sm tabular-nums">
                    {formatShortDateTime(event.at)}
                  </time>
                </p>
                <p className="text-muted-foreground text-sm">{event.actor.name}</p>
                {changeLines(event, formats).map((line) => (
                  <p key={line.key} className="break-words text-sm">
                    <span className="text-muted-foreground">{line.label}: </span>
                    {line.text}
                  </p>
                ))}
              </li>
            ))}
          </ol>
          <LoadMore query={query} />
        </>
      )}
    </DealCardFrame>
  );
}
