import { z } from './zod.js';

/** One changed field: its name and its values before and after (null: none), as the history lists them. */
export const fieldChangeSchema = z.object({
  field: z.string(),
  from: z.union([z.string(), z.number()]).nullable(),
  to: z.union([z.string(), z.number()]).nullable(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** Who did what to a record, when (docs/decisions/025). */
export const historyEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
  action: z.enum(['create', 'update', 'delete', 'restore', 'payment_add', 'payment_delete', 'import']),
  changes: z.array(fieldChangeSchema),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;
