// Zod schemas of the inbox calls' inputs and of the queue message that fills it (workers only; the UI
// uses the zod-free inbox.ts).
import * as z from "zod";
import { FeedQuerySchema } from "./articles.schema.ts";
import { INBOX_ENTRY_TYPES, INBOX_PAGE_SIZE, INBOX_READ_MAX } from "./inbox.ts";

const EntryIdSchema = z.string().min(1).max(200);

/** `limit` as a feed's; `before` a previous page's `next` (inboxCursor), parsed into its entry. */
export const InboxPageQuerySchema = z.object({
  limit: FeedQuerySchema.shape.limit.default(INBOX_PAGE_SIZE),
  before: z
    .string()
    .regex(/^\d{1,16}:.{1,200}$/s, "Invalid page cursor")
    .transform((value) => {
      const at = value.indexOf(":");
      return { at: Number(value.slice(0, at)), id: value.slice(at + 1) };
    })
    .optional(),
});

/** `{ids}` marks those entries read, `{all: true}` every entry. */
export const InboxReadSchema = z.union(
  [
    z.object({ ids: z.array(EntryIdSchema).min(1, "ids must not be empty").max(INBOX_READ_MAX) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { message: "Send {ids: [...]} or {all: true}" },
);

/**
 * A queue message (contracts/inbox.ts InboxMessage), checked before it reaches a reader's object. The
 * bounds are wide (a submitted address may be 2,048 characters, a link holds it percent-encoded): a
 * message refused here is dropped, so they only keep out what no producer writes.
 */
export const InboxMessageSchema = z.object({
  userId: z.string().min(1).max(100),
  entry: z.object({
    id: EntryIdSchema,
    type: z.enum(INBOX_ENTRY_TYPES),
    at: z.number().int().nonnegative(),
    link: z.string().startsWith("/").max(8192),
    subject: z.string().max(8192),
    reason: z.string().max(8192).nullable(),
    actorName: z.string().max(200).nullable(),
    excerpt: z.string().max(2000).nullable(),
  }),
});

/** `PUT /api/auth/me/digest`. */
export const DigestChoiceSchema = z.object({ subscribed: z.boolean({ message: "subscribed must be true or false" }) });

/**
 * A message of the daily digest's queue (the gateway's cron to its own consumer): subscribers due at
 * the cron run's time, each with the time of the last digest the cron read.
 */
export const DigestMessageSchema = z.object({
  now: z.number().int().positive(),
  due: z.array(z.object({ userId: z.string().min(1).max(100), lastSentAt: z.number().int().nullable() })).max(100),
});
export type DigestMessage = z.infer<typeof DigestMessageSchema>;
