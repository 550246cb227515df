import { dealKinds } from './plain/deal-kinds.js';
import { POST_LINK_MESSAGE, readPostLink } from './plain/post.js';
import { text, z } from './zod.js';

/** A post link in a deal's body: any shape `readPostLink` reads, stored as `https://t.me/<username>/<id>`. */
export const postLinkInput = text(300)
  .refine((link) => readPostLink(link) !== undefined, POST_LINK_MESSAGE)
  .transform((link) => readPostLink(link)?.link ?? link);

/** One reading of a post's views. */
export const postViewsSchema = z.object({ at: z.string(), views: z.number().int() });

/**
 * What is known of a deal's post (docs/decisions/031), nulls while unknown. `topUntil`/`feedUntil`: when the agreed top
 * and feed time end (null when none was agreed, or the feed is forever); `topKept`/`feedKept`: true once that time has
 * passed with the post on top / in the feed, false when it was pushed out / deleted before, null until either is known.
 */
const postFacts = {
  link: z.string().nullable(),
  publishedAt: z.string().nullable(),
  views: z.array(postViewsSchema),
  views24h: z.number().int().nullable(),
  views48h: z.number().int().nullable(),
  topHours: z.number().int(),
  topUntil: z.string().nullable(),
  topKept: z.boolean().nullable(),
  displacedAt: z.string().nullable(),
  feedUntil: z.string().nullable(),
  feedKept: z.boolean().nullable(),
  deletedAt: z.string().nullable(),
  editedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
};

/** `GET /api/{sale|purchase}/{id}/post`. */
export const postSchema = z.object({
  ...postFacts,
  text: z.string().nullable(),
  /** Price ÷ latest views × 1000, to the kopeck. */
  cpm: z.number().nullable(),
  /** A purchase's price per subscriber who joined through its invite link (attribution); null for a sale. */
  costPerSubscriber: z.number().nullable(),
  /** How the link came: typed by a person, or found by the bot among our channel's posts. */
  foundByBot: z.boolean(),
  /** When the next reading is due (a checkpoint, or a refresh asked for); null when watching has ended. */
  nextCheckAt: z.string().nullable(),
  /** Whether a report link of the deal is live. */
  reportShared: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

/** `POST /api/{sale|purchase}/{id}/post/refresh`: when the reading will run (at once, or after the channel's pause). */
export const postRefreshSchema = z.object({ checkAt: z.string() });

/** A post of our channel the bot saw near the placement: `GET /api/sale/{id}/post/candidates`. */
export const postCandidateSchema = z.object({
  link: z.string(),
  publishedAt: z.string(),
  text: z.string(),
});

/** `POST /api/{sale|purchase}/{id}/report-link`: the public page's address, shown once. */
export const reportLinkSchema = z.object({ url: z.string() });

export const reportTokenParams = z.object({
  token: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Ссылка на отчёт недействительна'),
});

/** `GET /api/report/{token}`: one placement for the other side, without a session; nothing else of the team. */
export const publicReportSchema = z.object({
  ...postFacts,
  kind: z.enum(dealKinds),
  channel: z.object({ name: z.string(), username: z.string().nullable() }),
  placementAt: z.string(),
});
export type PublicReport = z.infer<typeof publicReportSchema>;
