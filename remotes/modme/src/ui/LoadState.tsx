// The four states every ModMe list goes through: a failed first load (with Retry), loading, nothing to
// show, the rows. The error shows only while there is no data, so a failed background reload (SWR
// keeps the last data) leaves the rows on screen instead of replacing them with an error.

import { ErrorPanel } from "@unbiased/web-shared";
import type { ReactNode } from "react";
import { Loading } from "./ModmePage.tsx";

export function LoadState<T>({
  result,
  failed,
  isEmpty,
  empty,
  children,
}: {
  result: { data?: T; error?: unknown; mutate: () => Promise<unknown> };
  /** The message shown when the first load failed. */
  failed: string;
  isEmpty: (data: T) => boolean;
  /** Shown when the data has loaded and has nothing to list. */
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data, error } = result;
  if (data === undefined)
    return error ? <ErrorPanel message={failed} onRetry={() => void result.mutate()} /> : <Loading />;
  return isEmpty(data) ? empty : children(data);
}
