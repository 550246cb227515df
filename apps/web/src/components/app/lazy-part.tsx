import { onlineManager } from '@tanstack/react-query';
import { CatchBoundary, type ErrorComponentProps } from '@tanstack/react-router';
import {
  type ComponentType,
  createElement,
  type LazyExoticComponent,
  lazy,
  useCallback,
  useEffect,
} from 'react';
import { useOnline } from '@/lib/use-online';

/** What a part that could not be shown gets: the Russian reason and a way to try again. */
export type LazyPartFailure = { message: string; retry: () => void };

export const lazyPartTexts = {
  failed: 'Не удалось показать. Попробуйте ещё раз',
  offline: 'Нет связи с сервером: покажем, когда она вернётся',
} as const;

/**
 * A part of a screen whose code loads after the screen (a card, in a chunk of its own) that fails on its own: when
 * its code cannot come (offline before it was ever fetched, a deploy that replaced the file) or it throws, `Failed`
 * takes its place with 'Повторить' and the rest of the screen stays. A plain `lazy` took the whole screen to the
 * route's error view. A part that failed offline tries again by itself once the connection is back.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Failed: ComponentType<LazyPartFailure>,
): ComponentType<P> {
  // React keeps a lazy component's failure for good, so an attempt after a failed import needs a lazy of its own. It
  // is made when asked for ('Повторить', the connection back), not on the failure itself nor when the part mounts:
  // React renders a failed part again before showing the error, remounting it under its Suspense, and those renders
  // must not import again (each did, five times over, in the unit test).
  let failed = false;
  const attempt = (): LazyExoticComponent<ComponentType<P>> =>
    lazy(() =>
      load().then(
        (Component) => ({ default: Component }),
        (error: unknown) => {
          failed = true;
          throw error;
        },
      ),
    );
  let current = attempt();
  const again = () => {
    if (!failed) return;
    failed = false;
    current = attempt();
  };
  // Rendered anew after a retry, so it reads the attempt made for it.
  const Loaded = (props: P) => createElement(current, props);
  const Fallback = ({ reset }: ErrorComponentProps) => (
    <PartFailed Failed={Failed} again={again} reset={reset} />
  );
  return function LazyPart(props: P) {
    return (
      <CatchBoundary getResetKey={() => 0} errorComponent={Fallback}>
        <Loaded {...props} />
      </CatchBoundary>
    );
  };
}

function PartFailed({
  Failed,
  again,
  reset,
}: {
  Failed: ComponentType<LazyPartFailure>;
  again: () => void;
  reset: () => void;
}) {
  const online = useOnline();
  const retry = useCallback(() => {
    again();
    reset();
  }, [again, reset]);
  useEffect(
    () =>
      onlineManager.subscribe((isOnline) => {
        if (isOnline) retry();
      }),
    [retry],
  );
  return <Failed message={online ? lazyPartTexts.failed : lazyPartTexts.offline} retry={retry} />;
}
