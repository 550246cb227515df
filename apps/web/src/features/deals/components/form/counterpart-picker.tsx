import type { DealKind } from '@addesk/contract';
import { Link } from '@tanstack/react-router';
import { ChevronRight, UserRound, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import type { FieldIds } from '@/components/ui/form-field';
import { PickerTrigger } from '@/components/ui/picker-trigger';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import type { CounterpartList } from '../../api/get-counterparts';
import { type Counterpart, describeCounterpart } from './counterpart';
import { counterpartTexts, formTexts } from './form-texts';

// The search (with the Telegram lookup) is what the sheet shows once open: it loads with the first opening.
const CounterpartSearch = lazy(() =>
  import('./counterpart-search').then(({ CounterpartSearch }) => ({ default: CounterpartSearch })),
);

export type CounterpartPickerProps = {
  kind: DealKind;
  list: CounterpartList;
  ids: FieldIds;
  value: Counterpart | null;
  onChange: (value: Counterpart | null) => void;
  onBlur?: () => void;
  invalid?: boolean;
  /** A name without a link is accepted (the admin contact). */
  allowName?: boolean;
  readOnly?: boolean;
};

/**
 * Who the deal was with, picked in a bottom sheet: one of the team's saved counterparts (searched by name), or a
 * pasted Telegram link looked up 800 ms after the typing stops (spec §5), or (for a person) a bare name.
 */
export function CounterpartPicker({
  kind,
  list,
  ids,
  value,
  onChange,
  onBlur,
  invalid,
  allowName = false,
  readOnly,
}: CounterpartPickerProps) {
  const texts = counterpartTexts[list];
  const [open, setOpen] = useState(false);
  const shown = value ? describeCounterpart(value) : undefined;
  const avatar = shown ? <Avatar name={shown.name} src={shown.iconLink} size="sm" decorative /> : null;
  const named = shown ? (
    <>
      {shown.name}
      {shown.hint ? ' ' : null}
      {shown.hint ? <span className="text-muted-foreground">{shown.hint}</span> : null}
    </>
  ) : null;

  const close = () => {
    setOpen(false);
    onBlur?.();
  };
  const pick = (next: Counterpart | null) => {
    onChange(next);
    close();
  };

  // A saved contact of a deal being viewed is a client: its name opens the client's card (issue 33).
  if (readOnly && list === 'contacts' && value?.source === 'saved' && shown) {
    return (
      <Link
        id={ids.control}
        to="/clients/$id"
        params={{ id: String(value.id) }}
        aria-labelledby={`${ids.label} ${ids.value}`}
        aria-describedby={ids.describedBy}
        className="flex min-h-12 w-full min-w-0 items-center gap-3 rounded-lg bg-muted/50 px-3 py-2 text-base hover:bg-accent"
      >
        {avatar}
        <span id={ids.value} className="min-w-0 flex-1 truncate text-link underline-offset-4">
          {named}
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      </Link>
    );
  }

  return (
    <>
      <PickerTrigger
        ids={ids}
        expanded={open}
        onOpen={() => setOpen(true)}
        invalid={invalid}
        placeholder={readOnly ? formTexts.nothing : texts.placeholder}
        icon={avatar ?? <UserRound aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />}
      >
        {named}
      </PickerTrigger>
      <Sheet open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
        <SheetContent className="h-[85dvh]">
          <SheetHeader>
            <SheetTitle>{texts.label}</SheetTitle>
            <SheetDescription>{texts.searchHint}</SheetDescription>
          </SheetHeader>
          {open ? (
            <Suspense fallback={<Spinner className="w-full py-8" />}>
              <CounterpartSearch kind={kind} list={list} value={value} allowName={allowName} onPick={pick} />
            </Suspense>
          ) : null}
          {value ? (
            <SheetFooter className="border-t">
              <Button variant="destructive" size="lg" onClick={() => pick(null)}>
                <X aria-hidden="true" />
                {formTexts.clear}
              </Button>
            </SheetFooter>
          ) : null}
        </SheetContent>
      </Sheet>
    </>
  );
}
