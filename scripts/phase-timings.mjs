#!/usr/bin/env node
// The phase-timing table of `npm test` and CI. As a command it prints the table of a PHASE_TIMINGS
// file (lines of "<phase> <seconds>"), then its notes (lines starting "# ", such as the browser the
// e2e tests ran on): `node scripts/phase-timings.mjs FILE`.
import { readFileSync } from "node:fs";

/** A Markdown table of [phase, seconds] rows with their total. */
export function formatPhaseTable(rows) {
  const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0);
  const line = (name, seconds) => `| ${name.padEnd(9)} | ${seconds.toFixed(1).padStart(7)} |`;
  return [
    "| phase     | seconds |",
    "|-----------|---------|",
    ...rows.map(([name, seconds]) => line(name, seconds)),
    line("total", total),
  ].join("\n");
}

if (process.argv[1] === import.meta.filename) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node scripts/phase-timings.mjs FILE");
    process.exit(2);
  }
  const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
  const rows = lines
    .filter((line) => !line.startsWith("# "))
    .map((line) => {
      const [name, seconds] = line.split(" ");
      return [name, Number(seconds)];
    });
  console.log(formatPhaseTable(rows));
  for (const note of lines.filter((line) => line.startsWith("# "))) console.log(note.slice(2));
}
