// A page, composed (docs/decisions/016-fragments.md): the shell's document and its two parts
// (header, footer) rendered here with the shell's components, and between them the part of the
// remote that owns the path — for the reader, its fragment from the reader's Worker (status, head,
// data and the dates its markup shows, once that markup has rendered; the markup streamed after). The
// page is streamed: its head and header go out as soon as the reader has answered (a missing article
// is a 404 from the first byte), and the reader's markup follows. ModMe is never rendered here: its element gets only the page's
// frame from ModMe's Worker (heading and loading line, modme-frame.ts), and its head names ModMe's
// entry and first files, so the browser fetches them with the shell's.
import { renderShell } from "@unbiased/shell-ssr";
import {
  EARLY_INPUT,
  type FragmentHead,
  type FragmentResult,
  PAGE_ELEMENTS,
  PAGE_TIME_TEXTS_ATTRIBUTE,
  pathOwner,
  REMOTE_ATTRIBUTES,
  remoteEntryMeta,
} from "@unbiased/worker-shared/contracts/page";
import { feedForPage } from "../feeds/feed-paths.ts";
import { readerService } from "../services.ts";
import { readShellDocument } from "./document.ts";
import { apiCallback, askReader } from "./fragment.ts";
import { escapeAttribute } from "./html-escape.ts";
import { inlinedStylesheet } from "./inline-css.ts";
import { modmeFrame } from "./modme-frame.ts";
import type { RenderedPage } from "./page-cache.ts";
import { remoteHeadTags } from "./remote-head.ts";
import { pageSecurityHeaders, withNonce } from "./security.ts";

/** JSON inside a <script> element: "</script>" and HTML comments must not end or open anything. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * A page whose main content is in the HTML reads before any script runs, so its scripts only make it
 * interactive: their tags are made inert here (a script of an unknown type is never fetched, a link
 * of an unknown rel is ignored) and the shell's inline start-app.js turns them back on after the first
 * paint, so on a slow phone link the story and its image arrive before the JavaScript.
 */
const startScriptsAfterPaint = (html: string) =>
  html
    .replace(
      /<script type="module"((?: crossorigin)?) src=/g,
      '<script type="text/plain" data-start-after-paint$1 src=',
    )
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload-after-paint"');

function fragmentHeadTags(head: FragmentHead, nonce: string): string {
  return [
    ...head.stylesheets.map(({ href, css }) =>
      css === null
        ? `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`
        : inlinedStylesheet(href, css, nonce),
    ),
    `<meta name="${remoteEntryMeta("reader")}" content="${escapeAttribute(head.entry)}">`,
    ...head.modulePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
  ].join("");
}

/** Every page names its feed, for feed readers and browsers that look for one (ADR 018). */
function feedLinkTag(pathname: string, origin: string): string {
  const feed = feedForPage(pathname);
  return `<link rel="alternate" type="application/atom+xml" title="${escapeAttribute(feed.title)}" href="${escapeAttribute(origin + feed.path)}">`;
}

const readerErrorPanel = (url: string) =>
  `<div class="ui-error-panel" role="alert"><p class="ui-error-panel__message">This section could not be loaded.</p>` +
  `<a class="ui-button ui-button--primary" href="${escapeAttribute(url)}">Retry</a></div>`;

export interface ComposeInput {
  url: URL;
  /** The CSP nonce the page's inline parts carry (page-cache.ts swaps it for each response's own). */
  nonce: string;
  env: Env;
  gateway: (request: Request) => Promise<Response>;
  requestId: string;
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * The composed page, or null when the shell has not been built (the caller says so); `degraded` when
 * the reader's part failed, timed out or could not read all its data (such a page is never kept).
 */
export async function composePage({
  url,
  nonce,
  env,
  gateway,
  requestId,
  waitUntil,
}: ComposeInput): Promise<RenderedPage | null> {
  const { origin, pathname, search } = url;
  const pathAndQuery = pathname + search;
  const owner = pathOwner(pathname);
  const shellDocument = readShellDocument(env.ASSETS, origin);
  const [document, shell, reader, modmeHead, modmeBody] = await Promise.all([
    shellDocument,
    renderShell(pathAndQuery, origin, { notFound: owner === null }),
    owner === "reader"
      ? askReader(readerService(env), { url: pathAndQuery, origin, nonce }, apiCallback(origin, gateway), { requestId })
      : null,
    owner === "modme"
      ? remoteHeadTags(env.MODME, origin, "modme", {
          requestId,
          nonce,
          // No shell page, no shared preloads (and no rejection left unhandled: the page fails on its own).
          shellHead: shellDocument.then(
            (shellPage) => shellPage?.head ?? "",
            () => "",
          ),
        })
      : "",
    owner === "modme" ? modmeFrame(env.MODME, origin, pathname, { requestId }) : "",
  ]);
  if (!document) return null;
  const fragment: FragmentResult | null = reader?.ok ? reader.fragment : null;
  const status = owner === null ? 404 : (fragment?.status ?? 200);
  // An older reader Worker says nothing of completeness: its pages count as whole, as before.
  const degraded = reader?.ok === false || fragment?.complete === false;

  // The main content is in the HTML (the reader's markup, the reader's failure, "not found", ModMe's
  // frame): scripts wait for the paint.
  const readable = Boolean(fragment?.body) || reader?.ok === false || owner === null || modmeBody !== "";
  const afterPaint = (html: string) => (readable ? startScriptsAfterPaint(html) : html);
  const head =
    afterPaint(withNonce(document.head, nonce)) +
    feedLinkTag(pathname, origin) +
    (fragment ? afterPaint(fragmentHeadTags(fragment.head, nonce)) : "") +
    modmeHead;
  const remoteAttributes =
    owner === null
      ? ""
      : ` ${REMOTE_ATTRIBUTES.name}="${owner}"` +
        (fragment?.body
          ? ` ${REMOTE_ATTRIBUTES.rendered}="hydrate"` +
            ` ${REMOTE_ATTRIBUTES.renderedWith}="${escapeAttribute(JSON.stringify(fragment.renderedWith))}"` +
            ` ${REMOTE_ATTRIBUTES.renderedMinute}="${fragment.renderedMinute}"`
          : "");
  const remoteOpen = `<div id="${PAGE_ELEMENTS.remote}" ${EARLY_INPUT.root}${remoteAttributes}>`;
  const remoteFallback =
    owner === null ? (shell.notFound ?? "") : reader?.ok === false ? readerErrorPanel(pathAndQuery) : modmeBody;
  const pageData =
    (fragment && Object.keys(fragment.data).length > 0
      ? `<script type="application/json" data-page-data>${scriptSafeJson(fragment.data)}</script>`
      : "") +
    (fragment?.body && fragment.timeTexts && Object.keys(fragment.timeTexts).length > 0
      ? `<script type="application/json" ${PAGE_TIME_TEXTS_ATTRIBUTE}>${scriptSafeJson(fragment.timeTexts)}</script>`
      : "");

  const encoder = new TextEncoder();
  const { readable: body, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const write = async () => {
    const writer = writable.getWriter();
    await writer.write(encoder.encode(head + document.toTop + shell.top + document.toRemote + remoteOpen));
    if (fragment?.body) {
      writer.releaseLock();
      await fragment.body.pipeTo(writable, { preventClose: true });
      const rest = writable.getWriter();
      await rest.write(encoder.encode(`</div>${pageData}${document.toBottom}${shell.bottom}${document.end}`));
      await rest.close();
      return;
    }
    await writer.write(
      encoder.encode(`${remoteFallback}</div>${pageData}${document.toBottom}${shell.bottom}${document.end}`),
    );
    await writer.close();
  };
  // The fragment's RPC result holds stubs (its stream); disposing it when the page is written tells
  // the reader's Worker it may let them go.
  const done = write()
    .catch((error) => writable.abort(error).catch(() => undefined))
    .finally(() => (fragment as Partial<Disposable> | null)?.[Symbol.dispose]?.());
  waitUntil(done);
  const response = new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // The same page for everyone, but a deploy must show at once: always revalidated.
      "Cache-Control": "no-cache",
      ...pageSecurityHeaders(nonce),
    },
  });
  return { response, degraded };
}
