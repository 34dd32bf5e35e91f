#!/usr/bin/env node
// Every npm script of this repository starts here. The project brings its own Node (the exact `node`
// devDependency, which npm puts first on PATH for scripts and `npx`), because wrangler, vitest and the
// workers test plugin need Node 22.12 or later while these machines ship Node 20. npm itself still
// runs on the system Node, so the rule cannot live in `engines` (`npm ci` would refuse wrangler):
// it lives here, and says what to do when the project's Node is missing.
const [major, minor] = process.versions.node.split(".").map(Number);
const REQUIRED = { major: 22, minor: 12 };

if (major < REQUIRED.major || (major === REQUIRED.major && minor < REQUIRED.minor)) {
  console.error(
    [
      `This project needs Node ${REQUIRED.major}.${REQUIRED.minor} or later; this script started on Node ${process.versions.node}.`,
      "It brings its own: run `npm ci` (without --ignore-scripts, which skips the download of the",
      "`node` devDependency), then start commands through npm (`npm start`, `npm test`, `npx …`).",
    ].join("\n"),
  );
  process.exit(1);
}
