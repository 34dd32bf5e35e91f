// The few browser globals the shell's and the reader's components read while they render (not in
// effects): stored settings and the colour-scheme query. On the server there is no reader's
// browser, so the first HTML is rendered as a first-time visitor sees it: nothing stored, light
// theme, default feed settings. Installed once per isolate, before the first render; never written
// by a render (writes happen in effects and event handlers, which do not run on the server).
class EmptyStorage {
  get length() {
    return 0;
  }
  clear() {}
  getItem(_key: string): string | null {
    return null;
  }
  key(_index: number): string | null {
    return null;
  }
  removeItem(_key: string) {}
  setItem(_key: string, _value: string) {}
}

const noMatch = (media: string) => ({
  matches: false,
  media,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
});

export function installServerGlobals(origin: string): void {
  const scope = globalThis as Record<string, unknown>;
  scope.localStorage ??= new EmptyStorage();
  scope.window ??= Object.assign(Object.create(globalThis) as object, {
    matchMedia: noMatch,
    location: new URL(origin),
    localStorage: scope.localStorage,
  });
}
