import type { ChannelPrice, ChannelPricesInput, ReferenceItem } from '@addesk/contract';
import {
  type DealNumberRule,
  dealNumberRules,
  durationTypeNames,
  durationTypes,
  readDealNumber,
} from '@addesk/contract/plain';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, InputUnit } from '@/components/ui/input';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { useSaveChannelPrices } from '@/features/channels/api/save-channel-prices';
import { isApiError } from '@/lib/api-client';
import { errorMessage, notifySuccess } from '@/lib/notify';
import { cn } from '@/lib/utils';

/** A line as it is being typed: numbers stay text until saved, as in the deal form (spec §5). */
type Draft = Omit<ChannelPrice, 'duration' | 'hoursInTop' | 'price'> & {
  key: number;
  duration: string;
  hoursInTop: string;
  price: string;
};

let nextKey = 1;
const draftOf = (row: ChannelPrice): Draft => ({
  ...row,
  key: nextKey++,
  duration: String(row.duration ?? 24),
  hoursInTop: String(row.hoursInTop),
  price: String(row.price),
});
const newDraft = (formatId: number): Draft => ({
  key: nextKey++,
  advertisementFormatId: formatId,
  durationType: 'HOURS',
  duration: '24',
  hoursInTop: '1',
  price: '',
});

const selectClass =
  'min-h-12 w-full min-w-0 rounded-lg border border-input bg-card px-2 text-base text-foreground';

type Read = { list: ChannelPricesInput; errors: Record<string, string[]> };

/** The typed numbers read by the deal's rules; a line that cannot be read is named by its field, as the server does. */
function readDrafts(drafts: Draft[]): Read {
  const errors: Record<string, string[]> = {};
  const read = (index: number, field: string, rule: DealNumberRule, text: string) => {
    const result = readDealNumber(rule, text);
    if ('value' in result) return result.value;
    errors[`${index}.${field}`] = [result.error];
    return 0;
  };
  const list = drafts.map(({ key, ...row }, index) => ({
    ...row,
    duration:
      row.durationType === 'INFINITY'
        ? null
        : read(index, 'duration', dealNumberRules.duration, row.duration),
    hoursInTop: read(index, 'hoursInTop', dealNumberRules.hoursInTop, row.hoursInTop),
    price: read(index, 'price', dealNumberRules.price, row.price),
  }));
  return { list, errors };
}

/** The price list edited whole in a bottom sheet: a line per format and term, saved in one go. */
export function PricesSheet({
  channelId,
  list,
  formats,
  open,
  onOpenChange,
}: {
  channelId: number;
  list: ChannelPrice[];
  formats: ReferenceItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Mounted anew at each opening (the card keys it), so it starts from the list as saved.
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    list.length > 0 ? list.map(draftOf) : [newDraft(formats[0]?.id ?? 1)],
  );
  const [typos, setTypos] = useState<Record<string, string[]>>({});
  const save = useSaveChannelPrices(channelId);
  const base = useId();
  const change = (key: number, patch: Partial<Draft>) =>
    setDrafts((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const fieldErrors = isApiError(save.error) ? (save.error.body.fieldErrors ?? {}) : typos;
  const errorAt = (index: number) =>
    Object.entries(fieldErrors)
      .filter(([field]) => field.startsWith(`${index}.`))
      .map(([, messages]) => messages[0])
      .join('. ');

  const submit = () => {
    const { list: typed, errors } = readDrafts(drafts);
    save.reset();
    setTypos(errors);
    if (Object.keys(errors).length > 0) return;
    save.mutate(typed, {
      onSuccess: () => {
        onOpenChange(false);
        notifySuccess('Прайс сохранён');
      },
    });
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Прайс канала</SheetTitle>
          <SheetDescription>Цена за формат и срок: 1/24 — час в топе и сутки в ленте.</SheetDescription>
        </SheetHeader>
        <ul className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-5 pb-2">
          {drafts.map((row, index) => {
            const id = `${base}-${row.key}`;
            const problem = errorAt(index);
            return (
              <li key={row.key} className="flex flex-col gap-2 rounded-xl border bg-background p-3">
                <div className="flex items-end gap-2">
                  <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
                    Формат
                    <select
                      className={selectClass}
                      value={row.advertisementFormatId}
                      onChange={(event) =>
                        change(row.key, { advertisementFormatId: Number(event.target.value) })
                      }
                    >
                      {formats.map((format) => (
                        <option key={format.id} value={format.id}>
                          {format.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <Button
                    variant="ghost"
                    size={null}
                    className="size-12 text-base"
                    aria-label={`Удалить строку ${index + 1}`}
                    onClick={() => setDrafts((rows) => rows.filter((other) => other.key !== row.key))}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                {/* The term's list on a row of its own: 'Без удаления' is cut in half a 360 px phone. */}
                <div className="grid grid-cols-2 gap-2">
                  <label className="col-span-2 flex min-w-0 flex-col gap-1 text-sm">
                    Срок
                    <select
                      className={selectClass}
                      value={row.durationType}
                      onChange={(event) =>
                        change(row.key, {
                          durationType:
                            durationTypes.find((type) => type === event.target.value) ?? 'INFINITY',
                        })
                      }
                    >
                      {durationTypes.map((type) => (
                        <option key={type} value={type}>
                          {durationTypeNames[type]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <NumberCell
                    id={`${id}-top`}
                    label="В топе, ч"
                    value={row.hoursInTop}
                    onChange={(hoursInTop) => change(row.key, { hoursInTop })}
                  />
                  {row.durationType === 'INFINITY' ? null : (
                    <NumberCell
                      id={`${id}-feed`}
                      label={row.durationType === 'DAYS' ? 'Дней' : 'Часов'}
                      value={row.duration}
                      onChange={(duration) => change(row.key, { duration })}
                    />
                  )}
                  <label
                    htmlFor={`${id}-price`}
                    className={cn(
                      'flex min-w-0 flex-col gap-1 text-sm',
                      row.durationType !== 'INFINITY' && 'col-span-2',
                    )}
                  >
                    Цена
                    <span className="relative">
                      <Input
                        id={`${id}-price`}
                        inputMode="decimal"
                        className="pr-14"
                        value={row.price}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? `${id}-error` : undefined}
                        onChange={(event) => change(row.key, { price: event.target.value })}
                      />
                      <InputUnit>руб</InputUnit>
                    </span>
                  </label>
                </div>
                {problem ? (
                  <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
                    {problem}
                  </p>
                ) : null}
              </li>
            );
          })}
          <li>
            <Button
              variant="secondary"
              size="lg"
              onClick={() =>
                setDrafts((rows) => [...rows, newDraft(rows.at(-1)?.advertisementFormatId ?? 1)])
              }
            >
              <Plus aria-hidden="true" />
              Добавить строку
            </Button>
          </li>
        </ul>
        {save.error && Object.keys(fieldErrors).length === 0 ? (
          <p role="alert" className="px-5 text-destructive text-sm">
            {errorMessage(save.error)}
          </p>
        ) : null}
        <SheetFooter>
          <Button size="lg" disabled={save.isPending} onClick={submit}>
            {save.isPending ? 'Сохраняем…' : 'Сохранить'}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}

/** A whole number of a line (hours in top, days or hours in the feed), typed as text. */
function NumberCell(props: { id: string; label: string; value: string; onChange: (text: string) => void }) {
  return (
    <label htmlFor={props.id} className="flex min-w-0 flex-col gap-1 text-sm">
      {props.label}
      <Input
        id={props.id}
        inputMode="numeric"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}
