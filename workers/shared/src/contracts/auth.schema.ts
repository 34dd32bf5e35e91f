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

/** POST /api/auth/modme. */
export const ModmeGateSchema = z.object({
  password: z.string({ message: "password is required" }).min(1, "password is required").max(200),
});

/** POST /api/auth/google (spec §7). */
export const IdTokenSchema = z.object({
  idToken: z.string({ message: "idToken is required" }).min(20, "idToken is required"),
});
