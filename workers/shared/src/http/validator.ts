// Input validation at the edge with @hono/zod-validator: every target (json, query, param, header)
// goes through one hook, so a schema failure is always a 400 in the shared envelope with the first
// issue's message. Malformed JSON is refused by Hono's validator itself (400, "Malformed JSON in
// request body"), which the shared error handler turns into the same envelope.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type * as z from "zod";
import { badRequest } from "./errors.ts";

/** The first issue's message, prefixed with its field when the message does not already name it. */
export function describeIssue(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const field = issue.path.map(String).join(".");
  return field && !issue.message.toLowerCase().includes(field.toLowerCase())
    ? `${field}: ${issue.message}`
    : issue.message;
}

/** Parses a value that did not come through a request target (e.g. a queue message) or throws a 400. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(describeIssue(result.error));
  return result.data;
}

export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw badRequest(describeIssue(result.error));
  });
