// Request schemas of the auth API (workers only; the shapes and messages are in auth.ts).
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";
import { ROLES, type Role, type SignInExchangeRequest } from "./auth.ts";

export const DevSignInSchema = z.object({
  role: z.enum(ROLES, { message: "role must be one of: user, moderator, admin" }),
  name: z.string().trim().min(1).max(80).optional(),
}) satisfies z.ZodType<{ role: Role; name?: string }>;

export const SignInExchangeSchema = z.object({
  code: z.string({ message: "code is required" }).min(1, "code is required").max(200),
}) satisfies z.ZodType<SignInExchangeRequest>;
