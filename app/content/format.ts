/** A fixed, locale-independent date for static content (the same on the server and in the browser). */
export function formatContentDate(isoDate: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));
}
