import { type FinanceBasis, financeBases, financeBasisNames } from '@addesk/contract';
import { useState } from 'react';
import { OptionRow } from '@/components/ui/option-row';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { useChannels } from '@/features/channels';
import { FilterChip, PeriodFilter } from '@/features/filters';
import { cn } from '@/lib/utils';
import { financeTexts } from '../lib/texts';

export type FinanceFiltersProps = {
  /** The period shown ('=bt=(...)'): the chosen one or the current month. */
  period: string;
  onPeriodChange: (period: string | undefined) => void;
  channelId: number | undefined;
  onChannelChange: (channelId: number | undefined) => void;
  basis: FinanceBasis;
  onBasisChange: (basis: FinanceBasis) => void;
};

const periodHints: Record<FinanceBasis, string> = {
  accrual: 'Доход и расход считаются по дате продажи и закупки.',
  cash: 'Доход и расход считаются по дате оплаты.',
};

/** The period (spec §2.7), the channel and the basis: by deal date (default) or by payment date. */
export function FinanceFilters(props: FinanceFiltersProps) {
  const { period, onPeriodChange, channelId, onChannelChange, basis, onBasisChange } = props;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Фильтры" className="flex flex-wrap gap-2">
        <li className="min-w-0 max-w-full">
          <PeriodFilter value={period} onApply={onPeriodChange} hint={periodHints[basis]} />
        </li>
        <li className="min-w-0 max-w-full">
          <ChannelFilter value={channelId} onChange={onChannelChange} />
        </li>
      </ul>
      <fieldset className="grid grid-cols-2 rounded-xl border bg-muted p-1">
        <legend className="sr-only">{financeTexts.basis}</legend>
        {financeBases.map((option) => (
          <label
            key={option}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-2 text-center font-medium text-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring',
              option === basis
                ? 'border border-primary bg-primary/15 text-foreground'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <input
              type="radio"
              name="finance-basis"
              value={option}
              checked={option === basis}
              onChange={() => onBasisChange(option)}
              className="sr-only"
            />
            {financeBasisNames[option]}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

/** The 'Канал' chip and its sheet: 'Все каналы' or one channel of the team. */
function ChannelFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (channelId: number | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  // A team's channels fit one page of the largest size.
  const channels = useChannels({ limit: 200 });
  const chosen = channels.data?.items.find((channel) => channel.id === value);
  const pick = (channelId: number | undefined) => {
    onChange(channelId);
    setOpen(false);
  };
  return (
    <>
      <FilterChip
        name={financeTexts.channel}
        value={value === undefined ? financeTexts.allChannels : (chosen?.name ?? `№${value}`)}
        active={value !== undefined}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      />
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent>
          <SheetHeader>
            <SheetTitle>{financeTexts.channel}</SheetTitle>
            <SheetDescription className="sr-only">{financeTexts.allChannels}</SheetDescription>
          </SheetHeader>
          <div className="min-h-0 overflow-y-auto px-3 pb-2">
            <ul className="flex flex-col">
              <li>
                <OptionRow
                  name={financeTexts.allChannels}
                  selected={value === undefined}
                  onClick={() => pick(undefined)}
                />
              </li>
              {channels.data?.items.map((channel) => (
                <li key={channel.id}>
                  <OptionRow
                    name={channel.name}
                    avatar={{ src: channel.iconLink }}
                    selected={channel.id === value}
                    onClick={() => pick(channel.id)}
                  />
                </li>
              ))}
            </ul>
            {channels.isPending ? <Spinner className="w-full py-6" /> : null}
          </div>
        </SheetContent>
      </Sheet>
    </>
  );
}
