import { APPLIED_STAGE_NAME } from "./job";
import { AddCandidateSchema } from "./candidate";
import { CV_FIELD_NAME, cvChoiceField } from "./cv";
import { z } from "./zod";

/**
 * A candidate's own page of an application (issue 17, decision 119): where they stand, in plain
 * words, and what they can do there. Shared by the page, its forms and the server.
 */

/** How long a link to the page works; the candidate can ask for new ones by email. */
export const APPLICATION_LINK_DAYS = 30;

export const CANDIDATE_STATUSES = ["received", "in_review", "interviewing", "closed"] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

export const CANDIDATE_STATUS_WORDS: Readonly<Record<CandidateStatus, { label: string; explanation: string }>> = {
  received: { label: "Received", explanation: "The team has your application and has not reviewed it yet." },
  in_review: { label: "In review", explanation: "The team is reviewing your application." },
  interviewing: { label: "Interviewing", explanation: "You are in the interview stages. The team will be in touch about each step." },
  closed: { label: "Closed", explanation: "This application is closed. Thank you for your interest." },
};

/**
 * Where an application stands, as the candidate may read it: never the company's stage names, a
 * rejection's reason or anyone's feedback. Closed once withdrawn, rejected or hired; Interviewing
 * once an interview is booked or the stage is one of interviews; Received while it is in the Applied
 * stage; In review otherwise.
 */
export function candidateStatusOf(application: {
  status: string;
  hiredOn: string | null;
  stageName: string | null;
  interviews: number;
}): CandidateStatus {
  if (application.status !== "active" || application.hiredOn) return "closed";
  if (application.interviews > 0 || /interview/i.test(application.stageName ?? "")) return "interviewing";
  if (!application.stageName || application.stageName.trim().toLowerCase() === APPLIED_STAGE_NAME.toLowerCase()) return "received";
  return "in_review";
}

/** When the company's answer to an erasure request is due: a month after it was made (GDPR article 12(3)). */
export function erasureAnswerDue(requestedAt: Date | string): Date {
  const due = new Date(requestedAt);
  due.setUTCMonth(due.getUTCMonth() + 1);
  return due;
}

/** The page's forms, by their `intent`. */
export const CANDIDATE_PAGE_INTENTS = ["withdraw", "contact", "cv", "erasure"] as const;
export type CandidatePageIntent = (typeof CANDIDATE_PAGE_INTENTS)[number];

/** Withdrawing asks them to say so: a box they tick, so a stray click does nothing. */
export const WithdrawSchema = z.object({
  intent: z.literal("withdraw"),
  confirm: z.literal("on", { error: "Tick the box to confirm that you want to withdraw." }),
});

/** Correcting their contact details: the rules of "Add candidate" and the apply form. */
export const ContactDetailsSchema = AddCandidateSchema.pick({ name: true, email: true, phone: true }).extend({ intent: z.literal("contact") });
export type ContactDetailsInput = z.output<typeof ContactDetailsSchema>;

/** A new CV: required here, checked by its bytes on the server as on the apply form. */
export const NewCvSchema = z.object({ intent: z.literal("cv"), [CV_FIELD_NAME]: cvChoiceField("required") });

/** Asking for erasure: a box they tick, as the request is for good. */
export const ErasureRequestSchema = z.object({
  intent: z.literal("erasure"),
  confirm: z.literal("on", { error: "Tick the box to confirm that you want your data erased." }),
});

/** "Email me my links": the address they applied with. */
export const ApplicationLinksRequestSchema = z.object({
  email: AddCandidateSchema.shape.email,
});

export const CANDIDATE_PAGE_MESSAGES = {
  linkUnknown: "This link is not valid. Ask for a new one below.",
  linkExpired: "This link has expired. Ask for a new one below.",
  linksSent: "If that address has applications with us, we have emailed a link to each of them. The links work for 30 days.",
  withdrawn: "You have withdrawn your application.",
  alreadyClosed: "This application is already closed.",
  contactSaved: "Your contact details are saved.",
  emailTaken: "We could not change your address to this one. Please reply to the company's email and they will change it for you.",
  cvSaved: "Your new CV is saved. The team sees it beside your application.",
  erasureRequested: "Your request is sent. The company must answer it within one month.",
  erasureAlready: "You have already asked for your data to be erased.",
  erased: "This application's data has been erased.",
} as const;
