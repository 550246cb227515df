import { pageQuery } from './pagination.js';
import { dealKinds } from './plain/deal-kinds.js';
import { IMPORT_MAX_COLUMNS, importFields, importStates } from './plain/import.js';
import { nullMeansAbsent, text, z } from './zod.js';

// Importing past deals from CSV or XLSX (issue 37, docs/decisions/029): upload, map columns, preview, commit, undo.

/** `POST /api/import?kind=sale&name=…`: the body is the file itself (text/csv or the XLSX type). */
export const importUploadQuery = z.object({
  kind: z.enum(dealKinds, { error: 'Укажите, что импортировать: sale или purchase' }),
  /** The file's name, to tell imports apart in their list. */
  name: text(200).optional(),
});

const columnIndex = z
  .number({ error: 'Выберите колонку' })
  .int('Выберите колонку')
  .min(0, 'Выберите колонку')
  .max(IMPORT_MAX_COLUMNS - 1, 'Выберите колонку');

/** Which column (its index, from 0) fills each deal field; a field not named, or null, is left empty. */
export const importMappingSchema = z.object(
  Object.fromEntries(importFields.map((field) => [field, columnIndex.nullish()])) as Record<
    (typeof importFields)[number],
    z.ZodOptional<z.ZodNullable<typeof columnIndex>>
  >,
);
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** `PUT /api/import/{id}`: the mapping to check every row with (it is kept for the commit). */
export const importMappingBody = nullMeansAbsent(z.object({ mapping: importMappingSchema }));

/** The rows' page: `only=invalid` shows the rows that make no deal. */
export const importRowsQuery = pageQuery.extend({
  only: z.enum(['all', 'invalid'], { error: 'only: all или invalid' }).default('all'),
});

export const importColumnSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  /** The first few values of the column, as the file has them. */
  samples: z.array(z.string()),
});

/** The deal a row makes, in names (what the list would show). */
export const importDealSchema = z.object({
  dealDate: z.string(),
  placementAt: z.string(),
  channel: z.string(),
  counterpart: z.string().nullable(),
  contact: z.string().nullable(),
  price: z.number(),
  paid: z.number(),
  paidAt: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: z.string(),
  format: z.string().nullable(),
  type: z.string().nullable(),
  employee: z.string().nullable(),
  postLink: z.string().nullable(),
});
export type ImportDeal = z.infer<typeof importDealSchema>;

export const importRowSchema = z.object({
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  /** It makes a deal (and is not in the team already). */
  ok: z.boolean(),
  /** The same row came in with an earlier import: it is skipped. */
  duplicate: z.boolean(),
  /** Why it makes no deal, in Russian, each naming the field: 'Стоимость: «12 5ОО» — не число'. */
  errors: z.array(z.string()),
  deal: importDealSchema.nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

const counts = {
  /** Data rows (the header and empty rows not counted). */
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  duplicate: z.number().int(),
};

/** An import as `GET /api/import/{id}` answers it (while it commits, `created` and `skipped` grow). */
export const importSchema = z.object({
  id: z.number().int(),
  kind: z.enum(dealKinds),
  name: z.string(),
  state: z.enum(importStates),
  createdAt: z.string(),
  author: z.string().nullable(),
  columns: z.array(importColumnSchema),
  mapping: importMappingSchema,
  ...counts,
  created: z.number().int(),
  skipped: z.number().int(),
  /** Until when 'Отменить импорт' removes its deals; null before the commit and after an undo. */
  undoableUntil: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

/** `GET /api/import?kind=`: the team's imports of a kind, newest first, without their columns. */
export const importListQuery = pageQuery.extend({ kind: importUploadQuery.shape.kind });
export const importListItemSchema = importSchema.omit({ columns: true, mapping: true });
export type ImportListItem = z.infer<typeof importListItemSchema>;

/** `PUT /api/import/{id}` and `GET /api/import/{id}/rows`: the counts under the mapping and a page of rows. */
export const importPreviewSchema = z.object({
  ...counts,
  rows: z.array(importRowSchema),
  nextCursor: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** `POST /api/import/{id}/commit`: how many deals it made, and how many rows it left out (invalid or already in). */
export const importCommitSchema = z.object({ created: z.number().int(), skipped: z.number().int() });
/** `DELETE /api/import/{id}`: a draft is discarded (0); an import's deals are deleted, restorable from the bin. */
export const importUndoSchema = z.object({ removed: z.number().int() });
