import { type FinanceBasis, financeBases, financeBasisNames } from '@addesk/contract/plain';
import { CalendarPeriodFilter, ChannelFilter } from '@/features/filters';
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
          <CalendarPeriodFilter value={period} onApply={onPeriodChange} hint={periodHints[basis]} />
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
