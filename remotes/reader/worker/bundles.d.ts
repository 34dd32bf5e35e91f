// What the web build (scripts/build-web.mjs) writes for this Worker, aliased in wrangler.toml:
// the server renderer (server/render.tsx, built by vite.server.config.ts) and the client's files list.
declare module "@unbiased/reader-server" {
  type ReaderServer = import("./serverContract.ts").ReaderServer;
  export const planFragment: ReaderServer["planFragment"];
  export const renderFragment: ReaderServer["renderFragment"];
  export const renderedWith: ReaderServer["renderedWith"];
}

declare module "@unbiased/reader-client-assets" {
  interface PageAssets {
    css: string[];
    js: string[];
  }
  const assets: {
    entry: string;
    common: PageAssets;
    pages: { feed: PageAssets; article: PageAssets; search: PageAssets; moderation: PageAssets; event: PageAssets };
  };
  export default assets;
}
