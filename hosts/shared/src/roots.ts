// React DOM's root functions, from the page's one copy: the shell provides web-shared (a Module
// Federation singleton), so a remote that mounts its own root (docs/decisions/016-fragments.md)
// takes the reconciler from here instead of bundling a second one.
export { createRoot, hydrateRoot, type Root } from "react-dom/client";
