/**
 * The contract schemas the web app parses responses with, loaded lazily by api-client.ts.
 *
 * Why a list instead of `import('@addesk/contract')`: a dynamic import keeps every export of the module it loads,
 * and the contract exports `z` itself, which would drag all of zod (about 93 KB gzipped instead of about 25) into
 * the chunk. Re-exporting by name lets the bundler drop what no schema uses. Add a schema here when a fetcher
 * needs it. The answers a first screen waits for are checked without zod instead (./guards.ts).
 */
import { z } from '@addesk/contract';

export {
  channelEmployeeSchema,
  channelInfoSchema,
  channelSchema,
  currentTariffSchema,
  currentUserSchema,
  page,
  referralSchema,
  supportSchema,
  tariffSchema,
  telegramBotSchema,
  userSettingsSchema,
} from '@addesk/contract';

/** A short list answered as a plain JSON array (`GET /api/channel/{id}/employees`). */
export const listOf = <T extends z.ZodType>(item: T) => z.array(item);

// The team screens (features/employees).
export {
  assignmentSchema,
  employeeDetailSchema,
  paymentMethodSchema,
} from '@addesk/contract';

/** `POST /api/channel/{id}/employees` answers the id of the person added (the contract has no named schema). */
export const addedEmployeeSchema = z.object({ employeeId: z.number().int() });

// Sales and purchases (features/deals): the calendar of the period picker and the form's counterpart pickers (saved
// external channels and contacts).
export {
  calendarEntrySchema,
  contactSchema,
  externalChannelSchema,
} from '@addesk/contract';
