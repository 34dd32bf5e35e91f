// Reads an evaluation set: JSON Lines, one article per line with `article` and `reference`
// (and optionally `title`, which the summarizer uses for headline overlap).
import { readFileSync } from "node:fs";
// A namespace import lets the bundler drop the parts of zod (and its locales) that are not used.
import * as z from "zod";

const EvalRowSchema = z.object({
  article: z.string().min(1),
  reference: z.string().min(1),
  title: z.string().optional(),
});
export type EvalRow = z.infer<typeof EvalRowSchema>;

export function readEvalSet(path: string): EvalRow[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      const parsed = EvalRowSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${path}:${index + 1}: ${parsed.error.issues[0]?.message ?? "invalid row"}`);
      return parsed.data;
    });
}
