import type { Import, ImportMapping } from '@addesk/contract';
import {
  type DealKind,
  IMPORT_SAMPLES,
  type ImportField,
  importFieldNames,
  importFieldsOf,
  requiredImportFields,
} from '@addesk/contract/plain';
import { useState } from 'react';
import { BottomBar } from '@/components/ui/bottom-bar';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';
import { useCheckImport } from '../api/check-import';
import { importTexts as t } from '../lib/import-texts';

type Column = Import['columns'][number];

/** A column as the picker lists it: its name and its first values ('Цена — 12 500, 8 000'). */
function columnLabel(column: Column): string {
  const samples = column.samples.filter((sample) => sample.trim() !== '').slice(0, IMPORT_SAMPLES);
  const name = column.name.trim() || `Колонка ${column.index + 1}`;
  return samples.length > 0 ? `${name} — ${samples.join(', ')}` : name;
}

const required = new Set<ImportField>(requiredImportFields);

/**
 * Step 'Колонки': for each field of the kind, the file's column that fills it (or none), starting from the server's
 * guess. 'Проверить строки' saves the mapping and checks every row under it; a required field left without a column
 * says so under itself.
 */
export function MappingStep({
  kind,
  draft,
  onChecked,
  onOtherFile,
}: {
  kind: DealKind;
  draft: Import;
  onChecked: () => void;
  onOtherFile: () => void;
}) {
  const [mapping, setMapping] = useState<ImportMapping>(() => ({ ...draft.mapping }));
  const check = useCheckImport(draft.id);
  const fieldErrors = isApiError(check.error) ? (check.error.fieldErrors ?? {}) : {};
  const errorOf = (field: ImportField) => fieldErrors[`mapping.${field}`]?.[0];
  // A failure no field of the list can show (a date missing in both, a lost draft) goes above the button.
  const shown = new Set(importFieldsOf(kind).map((field) => `mapping.${field}`));
  const unplaced = Object.entries(fieldErrors).filter(([key]) => !shown.has(key));
  const otherError = !check.isError
    ? undefined
    : Object.keys(fieldErrors).length === 0
      ? errorMessage(check.error)
      : unplaced.flatMap(([, messages]) => messages.slice(0, 1)).join(' ') || undefined;

  return (
    <main className="flex flex-1 flex-col">
      <div className="flex flex-col gap-4 px-4 pt-4 pb-6">
        <div className="flex flex-col gap-1">
          <p className="break-words font-medium">{t.fileLine(draft.name, draft.total)}</p>
          <p className="text-muted-foreground text-sm">{t.columnsIntro}</p>
        </div>
        <div className="flex flex-col gap-5 rounded-xl border bg-card p-4">
          {importFieldsOf(kind).map((field) => (
            <FormField
              key={field}
              label={
                <>
                  {importFieldNames[kind][field]}
                  {required.has(field) ? (
                    <span className="font-normal text-muted-foreground">, {t.required}</span>
                  ) : null}
                </>
              }
              hint={field === 'dealDate' ? t.dateHint(kind) : undefined}
              error={errorOf(field)}
            >
              {(ids) => (
                <select
                  id={ids.control}
                  aria-describedby={ids.describedBy}
                  aria-invalid={errorOf(field) ? true : undefined}
                  value={mapping[field] ?? ''}
                  onChange={(event) => {
                    const value = event.target.value;
                    setMapping((current) => ({ ...current, [field]: value === '' ? null : Number(value) }));
                  }}
                  className="min-h-12 w-full min-w-0 truncate rounded-lg border border-input bg-card px-3 text-base text-foreground aria-invalid:border-destructive"
                >
                  <option value="">{t.skipColumn}</option>
                  {draft.columns.map((column) => (
                    <option key={column.index} value={column.index}>
                      {columnLabel(column)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          ))}
        </div>
      </div>
      <BottomBar className="mt-auto">
        {otherError ? (
          <p role="alert" className="text-destructive text-sm">
            {otherError}
          </p>
        ) : null}
        <Button
          size="lg"
          disabled={check.isPending}
          onClick={() => check.mutate(mapping, { onSuccess: onChecked })}
        >
          {check.isPending ? t.checking : t.check}
        </Button>
        <Button variant="ghost" onClick={onOtherFile}>
          {t.otherFile}
        </Button>
      </BottomBar>
    </main>
  );
}
