import { dealVocabulary } from '@addesk/contract/plain';
import type { AnyRouter } from '@tanstack/react-router';

/**
 * The screen a signed-in screen comes back to: the nearest screen up the address, a deal's list for a deal, the
 * dashboard for a top-level screen; none for the dashboard itself.
 */
export function parentScreen(router: AnyRouter, pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '');
  if (path === '' || path === '/dashboard') return undefined;
  const up = path.slice(0, path.lastIndexOf('/'));
  const list = Object.values(dealVocabulary).find(({ routes }) => routes.new === `${up}/new`)?.routes.list;
  if (list) return list;
  if (up === '') return '/dashboard';
  const [, params, route] = router.getMatchedRoutes(up);
  // A fuzzy match: an address no route takes whole leaves its unmatched rest under '**'.
  return route !== undefined && !('**' in params) ? up : parentScreen(router, up);
}

let given = false;

/**
 * Opened by a link (a bot's message, a bookmark, a reload), the app's first screen is the first entry of its document:
 * Back from it leaves the document without a `popstate`, so neither an open sheet nor the unsaved-changes question
 * can stop it (decision 018). Once per document the entry becomes the screen's parent and the screen is
 * pushed again above it, so the first Back is a pop the app answers, and an unblocked Back lands on the parent.
 * The screen keeps its own state (its key and index: the router and the scroll restoration see nothing change); the
 * parent gets the index below it. Done behind the router's back, with its subscribers ignored, so nothing reloads.
 */
export function giveDeepLinkAnEntry(router: AnyRouter) {
  if (given) return;
  given = true;
  const { history } = router;
  history.flush();
  const state = window.history.state as { __TSR_index?: number; __TSR_key?: string } | null;
  // A router on a history of its own (the tests' memory history) has no browser entry to give.
  if (!state || state.__TSR_key !== history.location.state.__TSR_key) return;
  const { pathname, search, hash } = window.location;
  const parent = parentScreen(router, pathname);
  if (!parent) return;
  const key = Math.random().toString(36).slice(2, 10);
  history._ignoreSubscribers = true;
  try {
    window.history.replaceState(
      { __TSR_index: (state.__TSR_index ?? 0) - 1, key, __TSR_key: key },
      '',
      parent,
    );
    window.history.pushState(state, '', `${pathname}${search}${hash}`);
  } finally {
    history._ignoreSubscribers = false;
  }
}
