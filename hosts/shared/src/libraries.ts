// The third-party libraries that must exist once per page, re-exported so that the apps take them
// from `@unbiased/web-shared` (one Module Federation singleton) instead of sharing each package
// through Module Federation: every shared package costs a loader chunk in the shell and a proxy in
// each remote, and is built whole. Here they are ordinary dependencies of web-shared, built once
// in the shell and tree-shaken.
//   - react-hot-toast: one toast store, so a remote's toast() shows in the shell's <AppToaster>
//     (through toast/toast.ts, which loads it when first used);
//   - swr: one cache, shared by every remote.
// hosts/shared/src/webImports.test.ts keeps the apps from importing these packages directly.

export {
  default as useSWR,
  type Middleware,
  type SWRConfiguration,
  unstable_serialize as serializeKey,
  useSWRConfig,
} from "swr";
export { toast } from "./toast/toast.ts";
