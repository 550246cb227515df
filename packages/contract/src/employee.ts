import { permissionsSchema } from './members.js';
import { z } from './zod.js';

/** The signed-in user (spec §3 "Current user"). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  secondName: z.string(),
  iconLink: z.string().nullable(),
  /** Sent back with an edit; a stale one is refused with 409 VERSION_CONFLICT. */
  version: z.number().int(),
  /** The team's time zone (IANA name), in which every date is shown and taken (decisions D5). */
  timeZone: z.string(),
  /** The owner of the current team (its master), who may do everything in it. */
  isOwner: z.boolean(),
  permissions: permissionsSchema,
  /** The team the session works in, and how many teams the person has (the switcher shows with two or more). */
  team: z.object({ id: z.number().int(), name: z.string(), count: z.number().int() }),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** An employee as lists show it (spec §3 "Employee"); employeeId repeats id as the old API did. */
export const employeeSummarySchema = currentUserSchema
  .omit({ version: true, timeZone: true, isOwner: true, permissions: true, team: true })
  .extend({ employeeId: z.number().int() });
export type EmployeeSummary = z.infer<typeof employeeSummarySchema>;
