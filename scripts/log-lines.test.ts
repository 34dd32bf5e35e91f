import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { wholeLinesTo } from "./log-lines.ts";

function streamInto(logFile: string) {
  const stream = new PassThrough();
  stream.on("data", wholeLinesTo(logFile, stream));
  return stream;
}

describe("wholeLinesTo", () => {
  it("keeps two streams' lines whole however their chunks interleave, and writes a last unfinished line at the end", async () => {
    const logFile = join(mkdtempSync(join(tmpdir(), "log-lines-")), "stack.log");
    const gateway = streamInto(logFile);
    const reader = streamInto(logFile);
    gateway.write('{"worker":"gate');
    reader.write('{"worker":"reader","n":1}\n{"worker":"rea');
    gateway.write('way","n":1}\n');
    reader.write('der","n":2}\n{"worker":"reader","n":3}');
    gateway.end();
    reader.end();
    await Promise.all([gateway, reader].map((s) => new Promise((resolve) => s.on("end", resolve))));
    const lines = readFileSync(logFile, "utf8").trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { worker: "reader", n: 1 },
      { worker: "gateway", n: 1 },
      { worker: "reader", n: 2 },
      { worker: "reader", n: 3 },
    ]);
  });
});
