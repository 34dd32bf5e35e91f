#!/usr/bin/env node
// The phase-timing table of `npm test` and CI. As a command it prints the table of a PHASE_TIMINGS
// file (lines of "<phase> <seconds>", or "<phase> <seconds> <phase it ran beside>"), then its notes
// (lines starting "# ", such as the browser the e2e tests ran on): `node scripts/phase-timings.mjs FILE`.
import { readFileSync } from "node:fs";

/**
 * A Markdown table of [phase, seconds, beside?] rows with their total. A phase that ran beside
 * another (its name in the third place) is shown as such and left out of the total: its time was
 * spent at once with that phase's.
 */
export function formatPhaseTable(rows) {
  const total = rows.reduce((sum, [, seconds, beside]) => (beside ? sum : sum + seconds), 0);
  const label = ([name, , beside]) => (beside ? `${name} (beside ${beside})` : name);
  const width = Math.max(9, ...rows.map((row) => label(row).length));
  const line = (name, seconds) => `| ${name.padEnd(width)} | ${seconds.toFixed(1).padStart(7)} |`;
  return [
    `| ${"phase".padEnd(width)} | seconds |`,
    `|${"-".repeat(width + 2)}|---------|`,
    ...rows.map((row) => line(label(row), row[1])),
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
      const [name, seconds, beside] = line.split(" ");
      return beside ? [name, Number(seconds), beside] : [name, Number(seconds)];
    });
  console.log(formatPhaseTable(rows));
  for (const note of lines.filter((line) => line.startsWith("# "))) console.log(note.slice(2));
}
