// Input validation at the edge: malformed JSON and schema failures become 400s with a readable message.
import type { Context } from "hono";
import type * as z from "zod";
import { badRequest } from "./errors.ts";
import { parseWith } from "./validator.ts";

export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  return parseWith(schema, body);
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}
