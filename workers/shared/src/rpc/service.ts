// A service binding seen through the interface its Worker implements (contracts/rpc.ts). `wrangler
// types` gives a binding to a named entrypoint as a bare `Service`: typing it from the other Worker's
// program would pull that program, and its own global `Env`, into the caller's types. This is the one
// place the binding is given its interface; the services declare `implements` the same interface.

/** `binding` as the RPC stub of a Worker that implements `T`. */
export function rpcService<T extends object>(binding: Fetcher): Service<T & Rpc.WorkerEntrypointBranded> {
  return binding as Service<T & Rpc.WorkerEntrypointBranded>;
}
