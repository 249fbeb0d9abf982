import type { ApplicationTab } from "~/schemas/application-review";

/**
 * The address of one section of an application's page (decision 100), at an anchor in it: what a
 * notification or a note links to. The overview is the page's own address.
 */
export function applicationHref(applicationId: string, tab: ApplicationTab = "overview", anchor?: string): string {
  return `/applications/${applicationId}${tab === "overview" ? "" : `?tab=${tab}`}${anchor ? `#${anchor}` : ""}`;
}
