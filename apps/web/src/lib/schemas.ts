/**
 * The contract schemas the web app parses responses with, loaded lazily by api-client.ts.
 *
 * Why a list instead of `import('@addesk/contract')`: a dynamic import keeps every export of the module it loads,
 * and the contract exports `z` itself, which would drag all of zod (about 93 KB gzipped instead of about 25) into
 * the chunk. Re-exporting by name lets the bundler drop what no schema uses. Add a schema here when a fetcher
 * needs it.
 */
import { z } from '@addesk/contract';

export {
  authProvidersSchema,
  channelEmployeeSchema,
  channelInfoSchema,
  channelSchema,
  countedPage,
  currentUserSchema,
  employeeSummarySchema,
  errorBodySchema,
  errorMessages,
  page,
  telegramBotSchema,
} from '@addesk/contract';

/** A short list answered as a plain JSON array (`GET /api/channel/{id}/employees`). */
export const listOf = <T extends z.ZodType>(item: T) => z.array(item);
