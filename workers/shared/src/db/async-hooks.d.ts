// The one Node API the workers use (row-meter.ts), which workerd provides under nodejs_compat; declared
// here rather than giving every worker Node's types, which would offer APIs workerd lacks.
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}
