import { useHydrated } from "./use-hydrated";

/* The server and the hydration pass format dates in UTC with a fixed locale (so the HTML matches); then the browser's locale and time zone take over. */
const serverFormats = {
  date: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }),
  dateTime: new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }),
};
let browserFormats: typeof serverFormats | undefined;

/** A date in the reader's locale and time zone. */
export function LocalDate({ value, withTime = false }: { value: string; withTime?: boolean }) {
  const hydrated = useHydrated();
  const formats = hydrated
    ? (browserFormats ??= {
        date: new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }),
        dateTime: new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }),
      })
    : serverFormats;
  return <time dateTime={value}>{formatted(formats, value, withTime)}</time>;
}

/*
 * A page repeats dates (125 cards, 25 rows, many on the same day) and each `format` costs ICU a
 * microsecond or two: the strings are kept, a few thousand at most, per set of formats.
 */
const CACHE_LIMIT = 4000;
const caches = new WeakMap<typeof serverFormats, Map<string, string>>();
function formatted(formats: typeof serverFormats, value: string, withTime: boolean): string {
  let cache = caches.get(formats);
  if (!cache) caches.set(formats, (cache = new Map()));
  const key = withTime ? `t${value}` : value;
  let text = cache.get(key);
  if (text === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    text = (withTime ? formats.dateTime : formats.date).format(new Date(value));
    cache.set(key, text);
  }
  return text;
}
