import { isCleanMultiLineText, TEXT_MESSAGES } from "./text";
import { z } from "./zod";

/**
 * Consent when applying (issue 17, decision 114): the privacy notice each company sets in
 * Settings › Privacy, and the apply form's two boxes. Shared by the settings form, the apply form
 * (browser and server), the job board API and the staff's application page.
 */

/** The notice a company set: a link to its own page, or a text. Without one, the default notice. */
export const PRIVACY_NOTICE_KINDS = ["link", "text"] as const;
/** What an application records the form showed: the company's link or text, or the default notice's text. */
export const SHOWN_PRIVACY_NOTICE_KINDS = ["link", "text", "default"] as const;
export type ShownPrivacyNoticeKind = (typeof SHOWN_PRIVACY_NOTICE_KINDS)[number];

export const PRIVACY_TEXT_MAX = 10_000;
export const PRIVACY_URL_MAX = 2_000;

/** The apply form's boxes: agreeing to the notice (required) and staying in the talent pool (optional). */
export const PRIVACY_CONSENT_FIELD = "privacy_consent";
export const TALENT_POOL_FIELD = "talent_pool_consent";

export const PRIVACY_MESSAGES = {
  consentRequired: "Please tick this box to agree to the privacy notice: we cannot consider your application without it",
  urlInvalid: "Enter the notice's address, starting with https://",
  urlRequired: "Enter the address of your privacy notice, or choose another kind",
  textRequired: "Write your privacy notice, or choose another kind",
  textTooLong: `Please keep the notice under ${PRIVACY_TEXT_MAX.toLocaleString("en-US")} characters`,
} as const;

/** The notice as the apply form shows it: a link, the company's own text (Markdown), or the default (plain text). */
export type PrivacyNotice = { kind: "link"; url: string } | { kind: "text"; text: string } | { kind: "default"; text: string };

/**
 * The default notice of a company that set none: what the application is used for, how long it is
 * kept (as the company's retention settings say) and what the candidate may ask. Plain text.
 */
export function defaultPrivacyNoticeText(companyName: string): string {
  return (
    `${companyName} uses what you send with this application (your name, contact details, CV and answers) ` +
    "to consider you for this job, and shares it only with the people who take part in hiring for it. " +
    `${companyName} keeps your application for as long as its retention settings say, then deletes it. ` +
    `If you ask to stay in its talent pool, ${companyName} may also contact you about future roles. ` +
    `You can ask ${companyName} for a copy of your data, or to correct or erase it, at any time.`
  );
}

/** The notice a company's settings give (a link or text left empty falls back to the default). */
export function privacyNoticeOf(company: { name: string; kind: string | null; url: string | null; text: string | null }): PrivacyNotice {
  if (company.kind === "link" && company.url) return { kind: "link", url: company.url };
  if (company.kind === "text" && company.text) return { kind: "text", text: company.text };
  return { kind: "default", text: defaultPrivacyNoticeText(company.name) };
}

/** What an application stores as shown: the kind, and the link's address or the text at that moment. */
export function shownPrivacyNotice(notice: PrivacyNotice): { kind: ShownPrivacyNoticeKind; shown: string } {
  return { kind: notice.kind, shown: notice.kind === "link" ? notice.url : notice.text };
}

/** The required box's label, naming the notice: "I have read and agree to Acme's privacy notice". */
export const privacyConsentLabel = (companyName: string) => `I have read and agree to ${companyName}'s privacy notice`;
export const talentPoolLabel = (companyName: string) => `Keep me in ${companyName}'s talent pool for future roles`;

/** A ticked box as forms send it ("on"), or as an API client may ("true", "1", "yes"). */
export const ticked = z.preprocess(
  (value) => value === true || (typeof value === "string" && ["on", "true", "1", "yes"].includes(value.trim().toLowerCase())),
  z.boolean(),
);

/** The apply form's two boxes, checked by the same schema in the browser and on the server. */
export const consentFields = {
  [PRIVACY_CONSENT_FIELD]: ticked.refine((value) => value, PRIVACY_MESSAGES.consentRequired),
  [TALENT_POOL_FIELD]: ticked,
};

const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: PRIVACY_MESSAGES.urlInvalid });

/** Settings › Privacy, as its form sends it. Both the link and the text are kept whichever is chosen. */
export const PrivacySettingsSchema = z
  .object({
    kind: z.enum(["default", ...PRIVACY_NOTICE_KINDS], { error: "Choose which notice to show" }),
    url: z
      .string()
      .optional()
      .transform((value) => value?.trim() ?? "")
      .pipe(z.string().max(PRIVACY_URL_MAX, PRIVACY_MESSAGES.urlInvalid))
      .refine((value) => value === "" || httpsUrl.safeParse(value).success, PRIVACY_MESSAGES.urlInvalid)
      .transform((value) => (value === "" ? null : value)),
    text: z
      .string()
      .optional()
      .transform((value) => value?.trim() ?? "")
      .pipe(z.string().max(PRIVACY_TEXT_MAX, PRIVACY_MESSAGES.textTooLong).refine(isCleanMultiLineText, TEXT_MESSAGES.controlCharacters))
      .transform((value) => (value === "" ? null : value)),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "link" && !value.url) ctx.addIssue({ code: "custom", path: ["url"], message: PRIVACY_MESSAGES.urlRequired });
    if (value.kind === "text" && !value.text) ctx.addIssue({ code: "custom", path: ["text"], message: PRIVACY_MESSAGES.textRequired });
  });
export type PrivacySettingsInput = z.infer<typeof PrivacySettingsSchema>;
