// What the stack's workers printed during every journey before this file (it runs after them, before
// the independent deploys, which restart Workers under the stack: sequencer.ts):
// one request id follows a vote from the gateway to the votes worker and its queue consumer, and no
// line holds a token or an e-mail address.
import { readFileSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, inject, it } from "vitest";

const base = () => inject("baseUrl");
const logText = () => readFileSync(inject("stackLog"), "utf8");

/** The JSON lines of the log (workers' structured lines; wrangler's own lines are text). */
const jsonLines = () =>
  logText()
    .split("\n")
    // Wrangler may colour a line (a warning yellow) around the worker's text.
    .map((line) => stripVTControlCharacters(line))
    .map((line) => line.slice(line.indexOf("{")).trimEnd())
    .filter((line) => line.startsWith('{"level"'))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a log line is not one JSON object: ${JSON.stringify(line.slice(0, 400))}`);
      }
    });

async function post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(new URL(path, base()), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe("the stack's log", () => {
  it("follows one vote with one request id: gateway → votes worker → vote-events consumer", async () => {
    const { data } = await post<{ data: { token: string; user: { id: string } } }>("/api/auth/dev", {
      role: "user",
      name: "Traced Voter",
    });
    const feed = (await (await fetch(new URL("/api/articles?limit=5", base()))).json()) as { data: { id: string }[] };
    const articleId = feed.data[4]?.id ?? "";
    // A caller's own id is only logged (clientRequestId): the trace follows the id the gateway made,
    // read from the response.
    const clientRequestId = `client-e2e-${Date.now()}`;
    const vote = await fetch(new URL("/api/votes/vote", base()), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        Authorization: `Bearer ${data.token}`,
        "X-Request-Id": clientRequestId,
      },
      body: JSON.stringify({ articleId, userId: data.user.id, voteType: "upvote", voteCount: 1 }),
    });
    const requestId = vote.headers.get("X-Request-Id") ?? "";
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(
        () =>
          jsonLines()
            .filter((line) => line.requestId === requestId)
            .map((line) => `${line.worker ?? line.queue}`),
        {
          timeout: 15_000,
        },
      )
      .toEqual(expect.arrayContaining(["gateway", "votes", "unbiased-vote-events"]));
    const trace = jsonLines().filter((line) => line.requestId === requestId);
    console.log(`\nOne vote's trace:\n${trace.map((line) => JSON.stringify(line)).join("\n")}\n`);
    expect(trace.find((line) => line.worker === "votes")).toMatchObject({
      route: "/api/votes/vote",
      status: 200,
      userId: data.user.id,
    });
    expect(trace.find((line) => line.msg === "job")).toMatchObject({ kind: "vote.changed", outcome: "completed" });
    expect(trace.find((line) => line.worker === "gateway")).toMatchObject({ clientRequestId });
    // The caller's id went no further than the gateway's own line.
    expect(jsonLines().filter((line) => JSON.stringify(line).includes(clientRequestId))).toEqual([
      expect.objectContaining({ worker: "gateway", requestId }),
    ]);
  });

  it("holds no token and no e-mail address", () => {
    const text = logText();
    expect(text.length).toBeGreaterThan(10_000);
    const jwts = text.match(/eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]+/g) ?? [];
    // People's addresses only: wrangler's start-up table lists the configured sender (EMAIL_FROM), the
    // product's own no-reply address, which is configuration, not anyone's data.
    const emails = (text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []).filter(
      (a) => !a.startsWith("no-reply@unbiased247."),
    );
    expect(jwts).toEqual([]);
    expect(emails).toEqual([]);
  });

  // Every page the journeys opened was composed from the reader's fragment, whose call carries the
  // gateway's API as a callback: the reader lets it go as soon as the page is planned. Left to the
  // garbage collector it was reported here, and it held the gateway's request open. (A missing article's
  // or event's page can still, under load, have the gateway's request cancelled as hung after it has
  // answered: ADR 016. That line is not asserted on until its cause is removed.)
  it("shows no RPC stub left to the garbage collector", () => {
    const lines = logText()
      .split("\n")
      .map((line) => stripVTControlCharacters(line));
    // Each such line with the lines before it: which requests were running when it came.
    const withContext = (needle: string) =>
      lines.flatMap((line, index) =>
        line.includes(needle) ? [lines.slice(Math.max(0, index - 12), index + 1).join("\n")] : [],
      );
    expect(withContext("An RPC stub was not disposed properly")).toEqual([]);
  });
});
