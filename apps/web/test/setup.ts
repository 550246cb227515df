import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { cnConflicts } from './checked-cn';

// jsdom has no pointer capture; vaul (bottom sheets) calls it on every pointer press.
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
}

// A screen's first answer can take seconds on a loaded 2-core machine (CI runs two files at a time); Testing
// Library's 1 s default failed such a wait in a file that had not raised it. One setting for every file, since the
// files of a worker share this module anyway (vitest.config.ts).
configure({ asyncUtilTimeout: 5_000 });

// No vitest globals in this project, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  // A component drew two classes of one property (test/checked-cn.ts): without tailwind-merge one silently loses.
  const conflicts = cnConflicts.splice(0);
  cleanup();
  // sonner keeps its toasts in a module of its own, and a Toaster mounted later shows those still active: the files
  // of a worker share their modules (vitest.config.ts), so one test's toasts must not reach the next one's screen.
  (await import('sonner')).toast.dismiss();
  window.localStorage.clear();
  document.documentElement.className = '';
  // The team's zone is the app's one clock, kept in a module: a test whose team lives elsewhere must not move the
  // next one's 'today' (deal-repeat's dates on the New York clock did).
  const { DEFAULT_TIME_ZONE, setTeamTimeZone } = await import('@/lib/format');
  setTeamTimeZone(DEFAULT_TIME_ZONE);
  if (conflicts.length > 0)
    throw new Error(`Классы одного свойства в одном cn():\n${[...new Set(conflicts)].join('\n')}`);
});
