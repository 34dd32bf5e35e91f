// What every benchmark's report uses: percentiles of measured times and Markdown tables.

/** The p-th percentile (nearest rank) of `values`, unsorted; NaN when nothing was measured. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** A Markdown table: one header row, then the rows. */
export const table = (head: string[], rows: (string | number)[][]): string =>
  [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join(
    "\n",
  );
