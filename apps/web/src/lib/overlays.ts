import type { RouterHistory } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

// The open bottom sheets and full-screen pickers, in the order they opened: Back closes the last one (a sheet opened
// from a sheet closes before the sheet under it). See docs/decisions/018-phone-app-behaviour.md.
type Overlay = { close: () => void };
const stack: Overlay[] = [];
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever an overlay opens or closes (the Mini App shows Telegram's Back button while one is open). */
export function subscribeToOverlays(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Closes the overlay opened last; false when none is open. */
export function closeTopOverlay(): boolean {
  // Taken off at once: a second Back before React has re-rendered closes the overlay under it.
  const top = stack.pop();
  if (!top) return false;
  top.close();
  changed();
  return true;
}

/** How many overlays are open (for tests). */
export function openOverlayCount(): number {
  return stack.length;
}

/** Registers an overlay while `open`: Back (a history pop) then calls `close` instead of leaving the screen. */
export function useBackCloses(open: boolean, close: () => void) {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    const overlay: Overlay = { close: () => latest.current() };
    stack.push(overlay);
    changed();
    return () => {
      const at = stack.indexOf(overlay);
      if (at < 0) return;
      stack.splice(at, 1);
      changed();
    };
  }, [open]);
}

/**
 * Makes every history pop (Back, Android's back gesture, Forward) close the top overlay while one is open: the pop is
 * blocked and undone, so the address, the screen and what was typed stay. Pushes and replaces (a link, a navigate
 * after choosing something in a sheet) go through. Installed first, before any screen's own blocker, so that Back
 * with the unsaved-changes prompt open closes the prompt.
 */
export function installBackClosesOverlays(history: RouterHistory) {
  return history.block({
    blockerFn: ({ action }) => action !== 'PUSH' && action !== 'REPLACE' && closeTopOverlay(),
    // An open sheet is no reason to ask before the tab is closed or reloaded.
    enableBeforeUnload: false,
  });
}
