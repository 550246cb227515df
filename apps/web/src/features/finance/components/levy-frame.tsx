import type { ReactNode } from 'react';
import { financeTexts } from '../lib/texts';

/** The levy card's frame, shared with its stand-in while the card's code cannot come. */
export function LevyFrame({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="finance-levy" className="flex flex-col gap-2 rounded-xl border bg-card p-4">
      <h2 id="finance-levy" className="font-semibold">
        {financeTexts.levy}
      </h2>
      {children}
    </section>
  );
}
