// Readable text and metadata from an article page, in one streaming pass of HTMLRewriter (native in
// workerd, so no DOM library in the bundle).
import { clean, type PageMetadata, type RawMetadata, toPageMetadata } from "./page-metadata.ts";
import { type Paragraph, readableText } from "./readable-text.ts";

export interface ExtractedPage extends PageMetadata {
  /** Paragraphs separated by blank lines. */
  text: string;
}

/** Elements whose paragraphs are page chrome, not the story. */
const CHROME =
  "nav, header, footer, aside, form, noscript, template, [role=navigation], [role=banner], [role=contentinfo], [aria-hidden=true]";

/** Counts how deep the stream is inside elements matching a selector. */
function depthCounter() {
  const counter = {
    depth: 0,
    element(element: Element) {
      try {
        element.onEndTag(() => {
          counter.depth--;
        });
        counter.depth++;
      } catch {
        // A void or self-closing element (<img aria-hidden>) has no end tag and contains nothing.
      }
    },
  };
  return counter;
}

export async function extractPage(html: string, pageUrl: string): Promise<ExtractedPage> {
  const raw: RawMetadata = { meta: new Map(), canonical: null, documentTitle: "", firstTimeDatetime: null, jsonLd: [] };
  const paragraphs: Paragraph[] = [];
  const article = depthCounter();
  const main = depthCounter();
  const chrome = depthCounter();
  let current: Paragraph | null = null;
  let jsonLd: string | null = null;

  const rewriter = new HTMLRewriter()
    .on("article, [itemprop=articleBody]", article)
    .on("main, [role=main]", main)
    .on(CHROME, chrome)
    .on("meta", {
      element(element) {
        const key = (
          element.getAttribute("property") ??
          element.getAttribute("name") ??
          element.getAttribute("itemprop")
        )?.toLowerCase();
        const content = element.getAttribute("content");
        if (key && content && !raw.meta.has(key)) raw.meta.set(key, content);
      },
    })
    .on("link[rel]", {
      element(element) {
        const rel = (element.getAttribute("rel") ?? "").toLowerCase().split(/\s+/);
        if (rel.includes("canonical") && raw.canonical === null) raw.canonical = element.getAttribute("href");
      },
    })
    .on("title", {
      text(chunk) {
        raw.documentTitle += chunk.text;
      },
    })
    .on("time[datetime]", {
      element(element) {
        raw.firstTimeDatetime ??= element.getAttribute("datetime");
      },
    })
    .on('script[type="application/ld+json"]', {
      element(element) {
        jsonLd = "";
        element.onEndTag(() => {
          if (jsonLd) raw.jsonLd.push(jsonLd);
          jsonLd = null;
        });
      },
      text(chunk) {
        if (jsonLd !== null) jsonLd += chunk.text;
      },
    })
    .on("p", {
      element() {
        // A new <p> closes the previous one even when the page left out </p>.
        current = { text: "", inArticle: article.depth > 0, inMain: main.depth > 0, inChrome: chrome.depth > 0 };
        paragraphs.push(current);
      },
      text(chunk) {
        if (current) current.text += chunk.text;
      },
    });

  await rewriter.transform(new Response(html)).text();
  const text = readableText(paragraphs.map((p) => ({ ...p, text: clean(p.text) ?? "" })));
  return { ...toPageMetadata(raw, pageUrl), text };
}
