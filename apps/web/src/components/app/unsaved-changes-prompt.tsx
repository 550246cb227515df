import { type HistoryLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ConfirmSheet } from '@/components/ui/confirm-sheet';

/**
 * While `when` is true (a form with changes not saved), leaving the screen in any way (Back, the header's arrow, a
 * tab, a link) first asks 'Выйти без сохранения?'; 'Выйти' then makes exactly the navigation that was asked for.
 * Reloading or closing the tab gets the browser's own question. A form that navigates away after a successful save
 * passes `ignoreBlocker: true` to that navigate call.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const { history } = useRouter();
  // The navigation the prompt holds back, to make when the user confirms.
  const [held, setHeld] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!when) return;
    return history.block({
      blockerFn: ({ currentLocation, nextLocation, action }) => {
        // Another search or hash of the same screen is not leaving it.
        if (nextLocation.pathname === currentLocation.pathname) return false;
        setHeld(() => replay(history, action, currentLocation, nextLocation));
        // Blocked at once (a pop is undone by the history): the prompt is an overlay of the screen that stays.
        return true;
      },
      enableBeforeUnload: true,
    });
  }, [when, history]);

  return (
    <ConfirmSheet
      open={held !== null}
      onOpenChange={(open) => {
        if (!open) setHeld(null);
      }}
      title="Выйти без сохранения?"
      description="Введённые данные пропадут."
      confirmLabel="Выйти"
      pendingLabel="Выйти"
      cancelLabel="Остаться"
      pending={false}
      error={null}
      onConfirm={() => {
        setHeld(null);
        held?.();
      }}
    />
  );
}

/** The held navigation made again, past every blocker. */
function replay(
  history: ReturnType<typeof useRouter>['history'],
  action: string,
  current: HistoryLocation,
  next: HistoryLocation,
) {
  if (action === 'PUSH') return () => history.push(next.href, next.state, { ignoreBlocker: true });
  if (action === 'REPLACE') return () => history.replace(next.href, next.state, { ignoreBlocker: true });
  // A pop (Back, Forward, a jump of several entries): the same distance again.
  const delta = next.state.__TSR_index - current.state.__TSR_index;
  return () => history.go(delta, { ignoreBlocker: true });
}
