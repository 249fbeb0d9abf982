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
  const date = new Date(value);
  return <time dateTime={value}>{(withTime ? formats.dateTime : formats.date).format(date)}</time>;
}
