import { applicationLinks } from "../../../db/schema";
import { APPLICATION_LINK_DAYS } from "~/schemas/candidate-page";
import type { Queryable } from "../platform/db.server";
import { hashSecretToken, newSecretToken } from "../platform/secret-token.server";
import { absoluteUrl } from "~/lib/absolute-url";

/*
 * The links to a candidate's own page of an application (decision 119): made for the confirmation
 * email (in the transaction that records it) and for "Email me my links". Only a token's hash is kept.
 */

const DAY = 86_400_000;

/** Where the candidates' pages live: `<base>/my-application/<token>`, and new links are asked for at its root. */
const PAGE_PATH = "/my-application";

/** The page's address: `<base>/my-application/<token>`. */
export function applicationPageUrl(baseUrl: string, token: string): string {
  return absoluteUrl(baseUrl, `${PAGE_PATH}/${token}`);
}

/** A page's link with its token, anywhere in a text. */
const PRIVATE_LINK = new RegExp(`https?://\\S*${PAGE_PATH}/[\\w-]+`, "g");

/** What staff see instead of a candidate's private link in an email the company sent them. */
export const PRIVATE_LINK_HIDDEN = "[the candidate's private link to their application]";

/**
 * A message's text without the private links to candidates' pages it carries. The confirmation email
 * ends with one (decision 119); the team reads that email in the application's thread, and with the
 * link a member could open the candidate's page as the candidate: withdraw, change their details,
 * download their data (decision 122). The candidate's own copy keeps it.
 */
export function withoutPrivateLinks(text: string): string {
  return text.replace(PRIVATE_LINK, PRIVATE_LINK_HIDDEN);
}

/** Where a candidate asks for new links. */
export function applicationLinksRequestUrl(baseUrl: string): string {
  return absoluteUrl(baseUrl, PAGE_PATH);
}

/**
 * New links to some applications' pages, in one statement: answers each application's token (only
 * its hash is stored). Call it with the transaction that records the email carrying them.
 */
export async function issueApplicationLinks(
  db: Queryable,
  rows: readonly { applicationId: string; companyId: string }[],
  now = new Date(),
): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const expiresAt = new Date(now.getTime() + APPLICATION_LINK_DAYS * DAY);
  const tokens = rows.map((row) => ({ ...row, token: newSecretToken() }));
  await db.insert(applicationLinks).values(tokens.map((row) => ({ companyId: row.companyId, applicationId: row.applicationId, tokenHash: hashSecretToken(row.token), expiresAt })));
  return new Map(tokens.map((row) => [row.applicationId, row.token]));
}

/** The paragraph every confirmation email ends with: the page's link and how to get a new one. */
export function applicationPageParagraph(baseUrl: string, token: string): string {
  return [
    "See where your application stands, withdraw it, correct your details, upload a new CV or get a copy of your data:",
    applicationPageUrl(baseUrl, token),
    `This private link works for ${APPLICATION_LINK_DAYS} days. For a new one, go to ${applicationLinksRequestUrl(baseUrl)}`,
  ].join("\n");
}

