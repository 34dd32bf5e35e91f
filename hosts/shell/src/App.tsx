import { BrowserRouter } from "@unbiased/web-shared";
import { AppTree } from "./AppTree.tsx";

/** The host owns the router and the page-wide providers; remotes render inside them. */
export function App({ firstPage = null }: { firstPage?: Record<string, unknown> | null }) {
  return (
    <BrowserRouter>
      <AppTree firstPage={firstPage} />
    </BrowserRouter>
  );
}
