/**
 * An absolute address on this site: the public address (`BASE_URL`, or the address a test or an
 * instance gives, with or without a trailing slash) and a path from the root. Links in emails,
 * calendar feeds and invitations are made here, so a base ending in "/" never doubles the slash.
 */
export function absoluteUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}
