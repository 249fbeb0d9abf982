const contentDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** A fixed, locale-independent date for static content (the same on the server and in the browser). */
export function formatContentDate(isoDate: string): string {
  return contentDate.format(new Date(`${isoDate}T00:00:00Z`));
}
