// Building an Intl.DateTimeFormat is costly (ICU resolves the locale and loads the zone's rules on
// each construction: about 3 ms apiece on a phone-speed CPU), and a feed formats the same few
// patterns for every card while it hydrates. Each pattern is built once and reused; a bad timezone
// still throws a RangeError at the call, as `new Intl.DateTimeFormat` does, and is not cached.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter for `locale` (undefined: the runtime's) and `options`, built on first use. */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
