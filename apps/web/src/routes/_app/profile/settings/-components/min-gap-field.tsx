import { minGapMinutesField } from '@addesk/contract';
import { useId, useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSettings } from '@/features/profile/api/get-settings';
import { useUpdateSettings } from '@/features/profile/api/update-settings';

const LABEL = 'Минимальный интервал между продажами';
const HINT = 'Две продажи на одном канале ближе этого интервала отмечаются как конфликт';

/**
 * The team's minimum gap between two sales on one channel, in minutes. The master edits it and it is saved when
 * the field is left (or Enter); an employee sees it read-only.
 */
export function MinGapField() {
  const id = useId();
  const query = useSettings();
  const settings = query.data;

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h2 id={`${id}-heading`} className="font-semibold text-muted-foreground text-sm">
        Продажи
      </h2>
      <div className="flex flex-col gap-3 rounded-xl border bg-card p-4">
        {settings?.isMaster === false ? (
          <>
            <p className="font-medium">{LABEL}</p>
            <p className="tabular-nums">{settings.minGapMinutes} мин</p>
            <p className="text-muted-foreground text-sm">{HINT}</p>
            <p className="text-muted-foreground text-sm">Изменить интервал может только владелец команды</p>
          </>
        ) : (
          <MinGapInput saved={settings?.minGapMinutes} />
        )}
      </div>
    </section>
  );
}

function MinGapInput({ saved }: { saved: number | undefined }) {
  const update = useUpdateSettings();
  // What is typed and not yet saved; without it the field shows the saved value, the optimistic one while a save is
  // on its way and the old one again when the server refuses it.
  const [draft, setDraft] = useState<string>();
  const [error, setError] = useState<string>();

  const save = () => {
    if (saved === undefined || draft === undefined) return;
    if (draft === String(saved)) {
      setDraft(undefined);
      return;
    }
    // The contract's rule, so the field says what the server would: a whole number of minutes from 0 to 1440.
    const parsed = minGapMinutesField.safeParse(draft.trim() === '' ? undefined : Number(draft));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setDraft(undefined);
    update.mutate({ minGapMinutes: parsed.data });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <FormField label={LABEL} hint={HINT} error={error}>
        {(ids) => (
          <div className="flex items-center gap-3">
            <Input
              id={ids.control}
              aria-describedby={ids.describedBy}
              aria-invalid={error ? true : undefined}
              inputMode="numeric"
              enterKeyHint="done"
              autoComplete="off"
              maxLength={4}
              value={draft ?? saved ?? ''}
              disabled={saved === undefined}
              onChange={(event) => {
                setDraft(event.target.value);
                setError(undefined);
              }}
              onBlur={save}
              fullWidth={false}
              className="w-28 tabular-nums"
            />
            <span className="text-muted-foreground">мин</span>
          </div>
        )}
      </FormField>
    </form>
  );
}
