// The local stack's log file takes the output of three `wrangler dev` processes, each with two
// streams, and a chunk of output ends anywhere: written as they come, chunks splice one process's
// line into another's (seen: two JSON lines on one, which the e2e log checks could not parse).
import { appendFileSync } from "node:fs";

/**
 * A `data` listener that appends a stream's output to `logFile` one whole line at a time; its last
 * unfinished line is written when the stream ends.
 */
export function wholeLinesTo(logFile: string, stream: NodeJS.ReadableStream): (data: Buffer | string) => void {
  let unfinished = "";
  stream.on("end", () => {
    if (unfinished) appendFileSync(logFile, `${unfinished}\n`);
    unfinished = "";
  });
  return (data) => {
    const text = unfinished + data;
    const end = text.lastIndexOf("\n");
    unfinished = text.slice(end + 1);
    if (end >= 0) appendFileSync(logFile, text.slice(0, end + 1));
  };
}
