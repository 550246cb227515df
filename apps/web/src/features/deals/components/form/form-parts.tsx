import type { ReactNode } from 'react';
import type { DealFormField } from './deal-form-values';
import { formTexts } from './form-texts';

/** A problem of the whole form, next to the button that saves it (a conflict, a refusal no field holds). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
      {children}
    </p>
  );
}

const requiredLabels: Partial<Record<DealFormField, string>> = {
  channelId: formTexts.channel,
  adFormatId: formTexts.format,
  adTypeId: formTexts.type,
  statusId: formTexts.status,
};

/** Why the save button is disabled: the required fields still empty ('Чтобы сохранить, выберите: наш канал, …'). */
export function MissingHint({ missing }: { missing: readonly DealFormField[] }) {
  if (missing.length === 0) return null;
  const names = missing.map((field) => (requiredLabels[field] ?? field).toLowerCase()).join(', ');
  return (
    <p className="text-center text-muted-foreground text-sm">
      {formTexts.missing} {names}
    </p>
  );
}
