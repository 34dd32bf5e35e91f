// Zod schemas of the identity API's inputs (workers only).
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";
import { ROLES } from "./auth.ts";

export const DevSignInSchema = z.object({
  role: z.enum(ROLES, { message: "role must be one of: user, moderator, admin" }),
  name: z.string().trim().min(1).max(80).optional(),
});
