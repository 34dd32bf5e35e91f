import { env, SELF } from "cloudflare:test";
import { insertArticle } from "@unbiased/worker-shared/testing/fixtures";
import { describe, expect, it } from "vitest";
import { BASE, bearer, devSignIn } from "./support/session.ts";

const report = (id: string, body: unknown, token?: string) =>
  SELF.fetch(`${BASE}/api/articles/${id}/report`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...(token ? bearer(token) : {}) },
  });

describe("POST /api/articles/{id}/report", () => {
  it("records a report once per reader", async () => {
    await insertArticle(env.DB, { id: "rep-1" });
    const { token, user } = await devSignIn("user", "Careful Reader");
    const res = await report("rep-1", { reason: "  False information  " }, token);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true, data: { reported: true } });
    expect(
      await env.DB.prepare("SELECT reason, status FROM article_reports WHERE reporter_id = ?").bind(user.id).first(),
    ).toEqual({ reason: "False information", status: "pending" });
    const again = await report("rep-1", { reason: "Spam or misleading content" }, token);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ success: false, error: "You have already reported this article" });
  });

  it("refuses a reason under 3 characters with the spec's message, and unknown articles with 404", async () => {
    await insertArticle(env.DB, { id: "rep-2" });
    const { token } = await devSignIn("user", "Terse Reader");
    for (const reason of ["", "  a ", undefined]) {
      const res = await report("rep-2", { reason }, token);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        success: false,
        error: "Please provide a reason for reporting (minimum 3 characters)",
      });
    }
    expect((await report("no-such-article", { reason: "Spam" }, token)).status).toBe(404);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM article_reports WHERE article_id = 'rep-2'").first(),
    ).toEqual({ n: 0 });
  });
});
