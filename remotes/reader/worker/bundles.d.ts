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
    /** This build's name (its client files and server renderer come from one build). */
    build: string;
    entry: string;
    common: PageAssets;
    /** Each page of the reader's table (READER_PAGES). */
    pages: Record<string, PageAssets>;
  };
  export default assets;
}
