import { ArrowDown, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

/** How far (px) the indicator follows the finger; a pull past THRESHOLD refreshes on release. */
const MAX_PULL = 112;
const THRESHOLD = 72;
/** The finger moves twice as far as the indicator, which makes a pull deliberate. */
const RESISTANCE = 0.5;
/** Sideways or upwards by this much first: a horizontal scroll or an ordinary scroll, not a pull. */
const SLOP = 10;

type Pull = { distance: number; refreshing: boolean };

export type PullToRefreshProps = {
  /** The screen is a list or the dashboard (a form is not refreshed under the user's typing). */
  enabled: boolean;
  /** Fetches the screen again; the indicator spins until it settles. */
  onRefresh: () => Promise<unknown>;
  /** Where the indicator appears: just below the screen header (a CSS length). */
  top: string;
};

/**
 * Pull to refresh, for the installed app that has no browser reload: a downward pull that starts with the page at its
 * top shows 'Потяните, чтобы обновить', past the threshold 'Отпустите, чтобы обновить', and a release there refreshes
 * with 'Обновляем…'. Touch only, with passive listeners: it never blocks scrolling (the body's overscroll-behavior-y
 * keeps the browser's own pull from competing), and a pull is ignored while a sheet or a picker (a dialog) is open.
 */
export function PullToRefresh({ enabled, onRefresh, top }: PullToRefreshProps) {
  const [pull, setPull] = useState<Pull>({ distance: 0, refreshing: false });
  const latest = useRef({ onRefresh, pull });
  latest.current = { onRefresh, pull };

  useEffect(() => {
    if (!enabled) return;
    let start: { x: number; y: number } | null = null;
    let pulling = false;

    const stop = () => {
      start = null;
      pulling = false;
    };
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (
        event.touches.length !== 1 ||
        !touch ||
        latest.current.pull.refreshing ||
        window.scrollY > 0 ||
        document.querySelector('[role="dialog"]')
      ) {
        stop();
        return;
      }
      start = { x: touch.clientX, y: touch.clientY };
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      if (!pulling) {
        if (Math.abs(dx) > SLOP && Math.abs(dx) > dy) return stop();
        if (dy < -SLOP || window.scrollY > 0) return stop();
        if (dy <= SLOP) return;
        pulling = true;
      }
      setPull({ distance: Math.min(MAX_PULL, Math.max(0, dy - SLOP) * RESISTANCE), refreshing: false });
    };
    const onEnd = () => {
      const armed = pulling && latest.current.pull.distance >= THRESHOLD;
      stop();
      if (!armed) {
        setPull({ distance: 0, refreshing: false });
        return;
      }
      setPull({ distance: THRESHOLD, refreshing: true });
      void latest.current.onRefresh().finally(() => setPull({ distance: 0, refreshing: false }));
    };

    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: true });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, [enabled]);

  const { distance, refreshing } = pull;
  if (distance === 0 && !refreshing) return null;
  const armed = distance >= THRESHOLD;
  let label = 'Потяните, чтобы обновить';
  if (refreshing) label = 'Обновляем…';
  else if (armed) label = 'Отпустите, чтобы обновить';

  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 z-20 flex justify-center"
      style={{
        top,
        transform: `translateY(${distance - THRESHOLD / 2}px)`,
        opacity: Math.min(1, distance / THRESHOLD),
      }}
    >
      <p className="flex items-center gap-2 rounded-full border bg-card px-4 py-2 font-medium text-card-foreground text-sm shadow-lg">
        {refreshing ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <ArrowDown
            aria-hidden="true"
            className={cn('size-4 transition-transform', armed && 'rotate-180')}
          />
        )}
        {label}
      </p>
    </div>
  );
}
