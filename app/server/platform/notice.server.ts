import { randomBytes } from "node:crypto";
import { redirect, replace, type RouterContextProvider } from "react-router";
import { config } from "./config.server";
import { responseCookiesContext } from "./request-context.server";

/**
 * What an action says after it succeeded and redirected (staff pages, and the sign-in page after a reset). The cookie carries only a code of this
 * table (and an id), never text, so a forged cookie can show nothing but one of these sentences.
 */
export const NOTICES = {
  "job-published": "Job published.",
  "job-reopened": "Job reopened.",
  "job-drafted": "Job moved to draft.",
  "job-closed": "Job closed.",
  "draft-saved": "Draft saved.",
  "changes-saved": "Changes saved.",
  "invitation-sent": "Invitation sent.",
  "invitation-revoked": "Invitation revoked.",
  "member-removed": "Member removed. Their sessions have ended.",
  "role-changed": "Role changed.",
  "team-member-set": "Hiring team updated.",
  "team-member-removed": "Removed from the hiring team.",
  "attribute-added": "Attribute added to the scorecard.",
  "attribute-removed": "Attribute removed from the scorecard.",
  "defaults-copied": "The company's default scorecard was added to the stage.",
  "entry-feedback-on": "Candidates entering the stage will ask the hiring team for feedback.",
  "entry-feedback-off": "The stage no longer asks the hiring team for feedback.",
  "profile-saved": "Profile saved.",
  "availability-saved": "Availability saved.",
  "blocked-time-added": "Blocked time added.",
  "blocked-time-removed": "Blocked time removed.",
  "company-saved": "Company details saved.",
  "careers-saved": "Careers page saved.",
  "privacy-saved": "Privacy notice saved. The apply form shows it from now on.",
  "api-key-revoked": "API key revoked. Requests with it are refused from now on.",
  "webhook-added": "Endpoint added. Send it a test event to try it.",
  "webhook-saved": "Endpoint saved.",
  "webhook-enabled": "Endpoint enabled. New events will be sent to it.",
  "webhook-disabled": "Endpoint disabled. No events will be sent to it until you enable it.",
  "webhook-deleted": "Endpoint deleted.",
  "webhook-secret-rolled": "New signing secret made. The old one no longer signs deliveries.",
  "webhook-test-queued": "Test event queued. It appears in the log below once sent.",
  "webhook-resent": "Delivery queued again.",
  "password-changed": "Password changed.",
  "password-changed-signed-out": "Password changed. Your other devices have been signed out.",
  "two-factor-off": "Two-factor authentication is off.",
  "signed-out-others": "Your other devices have been signed out.",
  "session-ended": "That device has been signed out.",
  "password-removed":
    "Your email address is confirmed. For your safety, the password set before it was confirmed has been removed: sign in with a code, or use Forgot password to choose a new one.",
  "template-created": "Template created.",
  "template-saved": "Template saved.",
  "template-deleted": "Template deleted.",
  "password-reset": "Your password has been reset. Sign in with your new password.",
  "candidate-added": "Candidate added.",
  "retention-saved": "Retention saved.",
  "eeo-survey-saved": "Equal-opportunity survey saved.",
  "candidate-erased": "Candidate erased. Only anonymous counts remain.",
  "candidate-added-to-job": "Candidate added to the job.",
  "candidate-existing": "This person already was a candidate: nothing new was added.",
  "candidates-merged": "Candidates merged: every application of both is on this page.",
  "duplicate-dismissed": "Noted: they will not be suggested as duplicates again.",
  "candidates-imported": "Import done: every row was written.",
  "tag-added": "Tag added.",
  "tag-existing": "The candidate already has this tag: nothing changed.",
  "tag-removed": "Tag removed.",
  "tag-not-there": "The candidate did not have this tag: nothing changed.",
  "tags-added": "Tag added to the selected candidates.",
  "tags-existing": "The selected candidates already had this tag: nothing changed.",
  "tags-removed": "Tag removed from the selected candidates.",
  "tags-not-there": "None of the selected candidates had this tag: nothing changed.",
  "reason-added": "Reason added.",
  "reason-renamed": "Reason renamed.",
  "reason-moved": "Order saved.",
  "reason-deleted": "Reason removed. Applications rejected with it keep its name.",
  "reminders-saved": "Interview reminders saved.",
  "note-added": "Note added.",
  "note-saved": "Note saved.",
  "note-deleted": "Note deleted.",
  "notifications-read": "All notifications are marked as read.",
} as const;

export type NoticeCode = keyof typeof NOTICES;

/** The one notice of the last redirect: `id` tells two notices of the same code apart. */
export interface Notice {
  id: string;
  message: string;
}

const COOKIE = "openhire_notice";
/** Long enough to survive the redirect on a slow connection, short enough never to surprise later. */
const MAX_AGE_SECONDS = 60;

function cookieAttributes(maxAge: number): string {
  const secure = config.baseUrl.startsWith("https://") ? "; Secure" : "";
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** The Set-Cookie header that carries `code` across the next redirect. */
export function noticeCookie(code: NoticeCode): string {
  return `${COOKIE}=${code}.${randomBytes(6).toString("hex")}; ${cookieAttributes(MAX_AGE_SECONDS)}`;
}

/**
 * The answer of an action that succeeded: a redirect that carries its notice, shown once by the staff
 * layout (or the sign-in page) on the page it lands on (house style 6). Works the same with and without
 * JavaScript. `init.headers` may carry other Set-Cookie headers (a new session): both are sent.
 * `init.replace` (an action that answers with the page it was posted from, such as a fetcher's) has
 * React Router replace the history entry instead of adding a second one of the same page.
 */
export function redirectWithNotice(url: string, code: NoticeCode, init: { headers?: HeadersInit; replace?: boolean } = {}): Response {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", noticeCookie(code));
  return (init.replace ? replace : redirect)(url, { headers });
}

/** The notice a request carries, if any; `undefined` when the cookie is absent or not one of ours. */
export function parseNotice(cookieHeader: string | null): Notice | undefined {
  const match = new RegExp(`(?:^|;\\s*)${COOKIE}=([a-z-]{1,40})\\.([0-9a-f]{12})(?:;|$)`).exec(cookieHeader ?? "");
  if (!match) return undefined;
  const code = match[1]!;
  if (!Object.hasOwn(NOTICES, code)) return undefined;
  return { id: match[2]!, message: NOTICES[code as NoticeCode] };
}

/**
 * Reads the request's notice and clears its cookie in the same answer (through the root middleware),
 * so it is shown once: a reload or the next page no longer has it.
 */
export function takeNotice(request: Request, context: Readonly<RouterContextProvider>): Notice | undefined {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${COOKIE}=`)) return undefined;
  context.get(responseCookiesContext)?.push(`${COOKIE}=; ${cookieAttributes(0)}`);
  return parseNotice(cookieHeader);
}
