import { text, z } from './zod.js';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: text(500).optional(),
});

export type PageQuery = z.infer<typeof pageQuery>;

/** A list that can grow: one page of items and the cursor of the next page (null on the last one). */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** A short team list (channels, employees) that also tells how many there are, for '+N' on the dashboard. */
export const countedPage = <T extends z.ZodType>(item: T) => page(item).extend({ total: z.number().int() });
