// The router a server renderer wraps its markup in (the shell's parts, the reader's fragment). Server
// code only: web-shared's entry is what the browser's import map provides, whole, to every page (the
// shell cannot know which exports a remote will use), so what no browser runs stays out of it.
export { StaticRouter } from "../src/router.tsx";
