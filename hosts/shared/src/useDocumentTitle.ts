import { useEffect } from "react";
import { PRODUCT_NAME } from "./brand.ts";

/** Names the browser tab after the page, which is also what screen readers announce on navigation. */
export function useDocumentTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pageTitle]);
}
