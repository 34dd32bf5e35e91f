// The digest's unsubscribe link (RFC 8058, docs/decisions/026-inbox.md), for a reader who is not signed
// in: a POST to it (a mail client's one-click 'Unsubscribe', or the confirmation page's button)
// unsubscribes the reader it was made for; a GET only shows the confirmation page, because mail
// scanners follow links. A link that is not valid changes nothing. The pages are plain HTML with
// neither script nor style, under a CSP that allows nothing else.

import { createDb } from "@unbiased/worker-shared/db/client";
import { type Context, Hono } from "hono";
import { html } from "hono/html";
import { unsubscribeLinkOwner } from "../digest/unsubscribe-link.ts";
import type { ApiEnv } from "../env.ts";
import { setDigestSubscription } from "../storage/digest.ts";

export const digestUnsubscribeRoutes = new Hono<ApiEnv>();

const POLICY = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function page(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} · Unbiased 24/7</title></head>
<body><main><h1>${title}</h1>${body}<p><a href="/">Unbiased 24/7</a></p></main></body>
</html>`;
}

digestUnsubscribeRoutes.use("*", async (c, next) => {
  await next();
  c.header("Content-Security-Policy", POLICY);
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
});

const invalid = (c: Context<ApiEnv>) =>
  c.html(
    page(
      "This link is not valid",
      html`<p>This unsubscribe link is not valid. You can turn the daily digest off on your profile.</p>`,
    ),
    400,
  );

digestUnsubscribeRoutes.get("/", async (c) => {
  const token = c.req.query("token") ?? "";
  if (!(await unsubscribeLinkOwner(c.env, token))) return invalid(c);
  return c.html(
    page(
      "Unsubscribe from the daily digest?",
      html`<p>You will no longer get the daily e-mail of your unread notifications. Your inbox on the site stays as it is.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    ),
  );
});

digestUnsubscribeRoutes.post("/", async (c) => {
  const userId = await unsubscribeLinkOwner(c.env, c.req.query("token") ?? "");
  if (!userId) return invalid(c);
  await setDigestSubscription(createDb(c.env.DB), userId, false);
  return c.html(
    page(
      "You are unsubscribed",
      html`<p>You will get no more daily digests. You can turn them on again on your profile.</p>`,
    ),
  );
});
