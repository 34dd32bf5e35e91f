// The gateway's first-HTML renderer: hosts/shell/ssr/renderPage.tsx, built by `npm run build:web`
// into dist/ssr/render-page.js and aliased as "@unbiased/first-html" (wrangler.toml [alias]; the
// api vitest config points it at the source). Declared here because the worker's type-check does
// not compile the React code; hosts/shell/ssr/renderPage.tsx exports exactly these.
declare module "@unbiased/first-html" {
  export type DataShape = "pages" | "data" | "body";
  export interface DataRequest {
    key: string;
    path: string;
    shape: DataShape;
  }
  export type PageKind = "feed" | "article" | "search";
  export interface PagePlan {
    kind: PageKind;
    requests: DataRequest[];
  }
  export function pageDataRequests(url: string): PagePlan | null;
  export type PostJson = (path: string, body: unknown) => Promise<unknown>;
  export function commentCountData(data: Record<string, unknown>, post: PostJson): Promise<Record<string, unknown>>;
  export function voteCountData(data: Record<string, unknown>, post: PostJson): Promise<Record<string, unknown>>;
  export function renderPage(input: { url: string; origin: string; data: Record<string, unknown> }): Promise<string>;
}
