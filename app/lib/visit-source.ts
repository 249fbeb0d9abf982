/**
 * Where a candidate's visit came from (decision 079): the campaign parameters (utm_source,
 * utm_medium, utm_campaign) and the referring site of the first page of the visit, kept in the
 * tab's sessionStorage from that page on, and sent with the application as hidden fields.
 */
export const VISIT_SOURCE_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "referrer"] as const;
export type VisitSource = Partial<Record<(typeof VISIT_SOURCE_FIELDS)[number], string>>;

const KEY = "openhire:visit-source";

/** Remembers the first page's campaign and referring site for this tab (call once per page load, in the browser). */
export function rememberVisitSource(): void {
  try {
    if (sessionStorage.getItem(KEY)) return;
    const params = new URLSearchParams(location.search);
    const found: VisitSource = {};
    for (const name of ["utm_source", "utm_medium", "utm_campaign"] as const) {
      const value = params.get(name);
      if (value) found[name] = value.slice(0, 100);
    }
    if (document.referrer && new URL(document.referrer).host !== location.host) found.referrer = document.referrer.slice(0, 500);
    sessionStorage.setItem(KEY, JSON.stringify(found));
  } catch {
    // No storage (a private mode, a blocked cookie policy): the application's source is the job board.
  }
}

/** What rememberVisitSource kept, or nothing. */
export function visitSource(): VisitSource {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? "{}") as VisitSource;
  } catch {
    return {};
  }
}
