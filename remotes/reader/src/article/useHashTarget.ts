import { useLocation } from "@unbiased/web-shared";
import { useEffect } from "react";
import { hashTargetId, revealHashTarget } from "./hashTarget.ts";

/** Reveals the #comments-section / #comment-{id} target of the address, now and whenever the hash changes. */
export function useHashTarget(): void {
  const { hash } = useLocation();
  useEffect(() => {
    const id = hashTargetId(hash);
    return id ? revealHashTarget(id) : undefined;
  }, [hash]);
}
