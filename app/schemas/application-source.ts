import { isSingleLineText } from "./text";

/**
 * Where an application came from (decision 079): the public job board, a company careers page, a
 * campaign (utm_* parameters) or a referring site, added by a staff member, the API or an import.
 */
export const APPLICATION_SOURCES = ["job_board", "careers_page", "campaign", "referrer", "added", "api", "import"] as const;
export type ApplicationSourceKind = (typeof APPLICATION_SOURCES)[number];

/** An application's source as stored (decision 079). */
export interface ApplicationSource {
  source: "job_board" | "campaign" | "referrer";
  detail: string | null;
}

const clean = (value: string | undefined, max: number) => {
  const text = value?.trim() ?? "";
  return text && text.length <= max && isSingleLineText(text) ? text : "";
};

/**
 * The source of an application from the visit's campaign parameters and referring page (the apply
 * form's hidden fields, or the apply page's own address without JavaScript): a campaign when it has
 * a utm_source ("linkedin / social / spring"), else the referring site's host when it is another
 * site, else the job board. Anything malformed is ignored, never an error for the candidate.
 */
export function applicationSourceOf(values: Record<string, string | undefined>, ownHost: string): ApplicationSource {
  const campaign = ["utm_source", "utm_medium", "utm_campaign"].map((name) => clean(values[name], 100));
  if (campaign[0]) return { source: "campaign", detail: campaign.filter(Boolean).join(" / ") };
  const referrer = clean(values.referrer, 500);
  if (referrer) {
    try {
      const url = new URL(referrer);
      if ((url.protocol === "http:" || url.protocol === "https:") && url.host !== ownHost) return { source: "referrer", detail: url.hostname };
    } catch {
      // not a URL
    }
  }
  return { source: "job_board", detail: null };
}
