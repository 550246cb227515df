import { useId } from 'react';
import { importTexts as t } from '../lib/import-texts';

/** 'Импортируем… 1 200 из 5 000' over a bar, while the rows go in (the figures come every 700 ms). */
export function ImportProgress({ done, total }: { done: number; total: number }) {
  const labelId = useId();
  const shown = Math.min(done, total);
  const percent = total > 0 ? Math.round((shown / total) * 100) : 0;
  return (
    <div className="flex flex-col gap-2 py-1">
      <p id={labelId} className="font-medium text-sm" aria-live="polite">
        {t.importingProgress(shown, total)}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={shown}
        className="h-3 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
