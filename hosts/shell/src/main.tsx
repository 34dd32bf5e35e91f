import "@unbiased/web-shared/styles/index.css";
import "./shell.css";
import {
  HistoryRouter,
  mountRoot,
  pageHistory,
  preloadToastsOnFirstInput,
  readPageData,
  seedPageCache,
  whenAppReady,
} from "@unbiased/web-shared";
import { PAGE_ELEMENTS } from "@unbiased/worker-shared/contracts/page";
import { type ReactNode, StrictMode } from "react";
import { ShellBottom, ShellTop } from "./frame/ShellParts.tsx";
import { startOutlet } from "./remotes/outlet.tsx";

// The page the gateway composed (docs/decisions/016-fragments.md): the shell's top and bottom, each
// its own React root over the same history, and between them the remote that owns the path, mounted
// by the outlet. The data a fragment was rendered from is in the page: it seeds the one SWR cache
// before anything renders, so no hook asks for it again.
const byId = (id: string) => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no #${id}`);
  return element;
};

const history = pageHistory();
const data = readPageData();
if (data) seedPageCache(data);

function mountShellPart(id: string, part: ReactNode) {
  const element = byId(id);
  const app = (
    <StrictMode>
      <HistoryRouter history={history}>{part}</HistoryRouter>
    </StrictMode>
  );
  // The gateway rendered it (every composed page); an empty element (the bare index.html) is rendered here.
  mountRoot(element, app, { hydrate: element.hasChildNodes() });
}

mountShellPart(PAGE_ELEMENTS.top, <ShellTop />);
mountShellPart(PAGE_ELEMENTS.bottom, <ShellBottom />);
const remote = byId(PAGE_ELEMENTS.remote);
const status = document.createElement("div");
remote.before(status);
startOutlet({ element: remote, status, history });

// Toasts answer what a reader does, never the first screen: their code comes with the reader's first
// press once the page is ready, so the first toast shows at once and a page nobody touches loads none.
whenAppReady(() => preloadToastsOnFirstInput());
