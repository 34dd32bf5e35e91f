// Request schema of DELETE /api/auth/me (workers only; the shapes and messages are in account.ts).
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";
import { ACCOUNT_MESSAGES, type AccountDeletionRequest, COMMENT_CHOICES, DELETE_CONFIRMATION } from "./account.ts";

export const AccountDeletionSchema = z.object({
  confirm: z.literal(DELETE_CONFIRMATION, { message: ACCOUNT_MESSAGES.confirmRequired }),
  comments: z.enum(COMMENT_CHOICES, { message: ACCOUNT_MESSAGES.commentChoiceRequired }),
}) satisfies z.ZodType<AccountDeletionRequest>;
