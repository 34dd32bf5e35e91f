import "@unbiased/web-shared/styles/index.css";
import "./shell.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { readFirstPageData } from "./firstPage/firstPageData.ts";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A page the gateway rendered (docs/decisions/013-first-html.md) is hydrated: React adopts the
// server's markup, and the reader's parts stay as they are until the remote has loaded.
const firstPage = root.hasAttribute("data-first-html") ? readFirstPageData() : null;
const app = (
  <StrictMode>
    <App firstPage={firstPage} />
  </StrictMode>
);
if (firstPage) hydrateRoot(root, app);
else createRoot(root).render(app);
