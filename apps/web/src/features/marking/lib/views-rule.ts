// The views to report for a deal (issue 35), as the views' sheet reads and checks them before PUT …/marking/views.

/** '12 300' -> 12300; empty -> null (back to the post's views); anything but a number -> NaN, which the rule refuses. */
export function readViews(text: string): number | null {
  const squeezed = text.replace(/[\s\u00a0]/g, '');
  if (squeezed === '') return null;
  return /^-?\d+([.,]\d+)?$/.test(squeezed) ? Number(squeezed.replace(',', '.')) : Number.NaN;
}

/**
 * The contract's `markingViewsBody` rule and messages, zod-free: importing that schema puts the contract's money
 * schemas' constants into the shared first-load chunk (38 B gzipped on every first screen, which /dashboard's budget
 * does not have) and 1.6 KB into the schemas' chunk. test/marking-month.test.tsx holds the two to the same answers.
 */
export function viewsProblem(views: number | null): string | undefined {
  if (views === null) return undefined;
  if (!Number.isInteger(views)) return 'Просмотры: целое число';
  if (views < 0) return 'Просмотры не могут быть отрицательными';
  if (views > 1_000_000_000) return 'Просмотры: слишком большое число';
  return undefined;
}
