import { errorCodes } from './plain/errors.js';
import { z } from './zod.js';

/** The one error body every failing API call answers with. */
export const errorBodySchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
