import type { MarkingMonthDeal } from '@addesk/contract';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { isApiError } from '@/lib/api-client';
import { formatCalendarDay } from '@/lib/format';
import { errorMessage, notifySuccess } from '@/lib/notify';
import type { useSaveMarkingViews } from '../api/save-marking-views';
import { readViews, viewsProblem } from '../lib/views-rule';

/**
 * The views to report for a deal, entered by hand (issue 35): checked by the contract's `markingViewsBody` rule
 * (`viewsProblem`) before anything is sent, its message under the field; empty returns to the post's views. Saves with PUT …/marking/views.
 */
export function ViewsSheet({
  deal,
  open,
  onOpenChange,
  save,
}: {
  deal: MarkingMonthDeal;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The card's `useSaveMarkingViews()`: passed in, so that this chunk imports nothing of the month's (a chunk that
   * imports its importer makes Rolldown add a namespace helper to the runtime every first load fetches).
   */
  save: ReturnType<typeof useSaveMarkingViews>;
}) {
  const formId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();

  // Each opening starts from what the month shows.
  useEffect(() => {
    if (open) {
      setText(deal.views === null ? '' : String(deal.views));
      setProblem(undefined);
    }
  }, [open, deal.views]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const views = readViews(text);
    const refused = viewsProblem(views);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(undefined);
    try {
      await save.mutateAsync({ kind: deal.kind, id: deal.id, views });
      onOpenChange(false);
      notifySuccess('Просмотры сохранены');
    } catch (error) {
      setProblem((isApiError(error) ? error.fieldErrors?.views?.[0] : undefined) ?? errorMessage(error));
    }
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Просмотры</SheetTitle>
          <SheetDescription>
            {deal.channel.name}, {formatCalendarDay(deal.date)}
          </SheetDescription>
        </SheetHeader>
        <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4 px-5 py-2">
          <FormField
            label="Просмотры для отчёта"
            hint="Оставьте пустым, чтобы брать просмотры поста"
            error={problem}
          >
            {(ids) => (
              <Input
                id={ids.control}
                inputMode="numeric"
                autoComplete="off"
                value={text}
                onChange={(event) => setText(event.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={ids.describedBy}
              />
            )}
          </FormField>
        </form>
        <SheetFooter>
          <Button type="submit" form={formId} size="lg" disabled={save.isPending}>
            {save.isPending ? 'Сохраняем…' : 'Сохранить'}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
