import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type AddressObject, simpleParser } from "mailparser";
import { applications, emailMessages } from "../../../db/schema";
import { recordActivity } from "../activity/activity.server";
import { notifyReply } from "../notifications/replies.server";
import { config } from "../platform/config.server";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { acrossCompanies } from "../platform/tenancy.server";
import { replyAddress, replyTokenFrom } from "./reply-address.server";

// A candidate's reply, however it arrives (the SMTP listener or the inbound webhook), is taken in by
// `receiveReply` alone (decision 097).

/** The largest reply taken in, attachments included (they are dropped, their names kept). */
export const MAX_INBOUND_BYTES = 10 * 1024 * 1024;
/** The most of a reply's text that is kept. */
export const MAX_REPLY_TEXT = 50_000;

export const NO_REPLY_ADDRESS = "None of the recipients is a reply address of this app.";
export const UNKNOWN_REPLY_ADDRESS = "Unknown reply address: no conversation has this token.";

/** A reply stored in its application's thread: what the thread and a notification of it need. */
export interface ReceivedReply {
  /** The reply's row in email_messages. */
  id: string;
  companyId: string;
  applicationId: string;
  candidateName: string;
  jobId: string;
  subject: string;
  /** The same message (by Message-ID) was received before: nothing new was stored or recorded. */
  duplicate: boolean;
}

/** The thread a reply token belongs to, or null. */
async function threadOf(db: Queryable, tokens: readonly string[]) {
  if (tokens.length === 0) return null;
  // The token names the company: this is the one read by reply token, across companies (decision 097).
  const rows = await db
    .select({
      applicationId: applications.id,
      companyId: applications.companyId,
      candidateName: applications.candidateName,
      jobId: applications.jobId,
      token: applications.replyToken,
    })
    .from(applications)
    .where(and(inArray(applications.replyToken, [...tokens]), acrossCompanies(applications)));
  // Several of the app's addresses among the recipients: the first one named wins.
  return tokens.map((token) => rows.find((row) => row.token === token)).find((row) => row !== undefined) ?? null;
}

/** Whether a reply token names a thread (the SMTP listener asks at RCPT TO). */
export async function isKnownReplyAddress(db: Queryable, address: string, domain = config.inboundEmailDomain): Promise<boolean> {
  const token = domain ? replyTokenFrom(address, domain) : null;
  return token !== null && (await threadOf(db, [token])) !== null;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((entry) => entry.address ?? ""));
}

function headerAddresses(value: unknown): string[] {
  if (typeof value === "string") return value.split(",");
  if (value && typeof value === "object" && "value" in value) return addresses(value as AddressObject);
  return [];
}

/** Text for the database: no NUL characters (PostgreSQL refuses them), at most `max` characters. */
function clean(text: string, max: number): string {
  const plain = text.replaceAll("\0", "");
  return plain.length > max ? `${plain.slice(0, max)}\n\n[The rest of this reply, ${plain.length - max} characters, was not kept.]` : plain;
}

/**
 * Takes in a candidate's reply (a whole MIME message) and stores it in its application's thread,
 * with the history's "replied" event, in one transaction. The thread is found by the reply token
 * among the envelope's recipients (`envelopeRecipients`: the SMTP RCPT TO, a webhook's recipient)
 * and the To, Cc, Delivered-To and X-Original-To headers. Only the text is kept (a reply with HTML
 * only is kept as the text mailparser makes of it); attachments are dropped, their names and sizes
 * kept. The same Message-ID received again stores nothing and answers the first one (`duplicate`).
 *
 * Refuses with NOT_FOUND when no recipient is a reply address or its token is unknown, TOO_LARGE past
 * MAX_INBOUND_BYTES, INVALID when it is empty or cannot be parsed, and NOT_FOUND when inbound mail is
 * not configured.
 */
export async function receiveReply(
  db: Database,
  raw: Buffer | string,
  envelopeRecipients: readonly string[] = [],
  domain: string | undefined = config.inboundEmailDomain,
): Promise<ReceivedReply> {
  if (!domain) throw new DomainError("NOT_FOUND", "Replies are not received here: INBOUND_EMAIL_DOMAIN is not set.");
  const bytes = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  if (bytes.length > MAX_INBOUND_BYTES) throw new DomainError("TOO_LARGE", `A reply may be at most ${MAX_INBOUND_BYTES / 1024 / 1024} MB.`);
  if (bytes.length === 0) throw new DomainError("INVALID", "The message is empty.");
  let mail: Awaited<ReturnType<typeof simpleParser>>;
  try {
    mail = await simpleParser(bytes, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  } catch (error) {
    // The sender's bytes, not our failure: mailparser refuses what no mail client writes (a header of megabytes).
    throw new DomainError("INVALID", `The message could not be read as an email: ${error instanceof Error ? error.message : String(error)}`);
  }

  const recipients = [
    ...envelopeRecipients,
    ...addresses(mail.to),
    ...addresses(mail.cc),
    ...headerAddresses(mail.headers.get("delivered-to")),
    ...headerAddresses(mail.headers.get("x-original-to")),
  ];
  const tokens = [...new Set(recipients.map((address) => replyTokenFrom(address, domain)).filter((token) => token !== null))];
  if (tokens.length === 0) throw new DomainError("NOT_FOUND", NO_REPLY_ADDRESS);
  const thread = await threadOf(db, tokens);
  if (!thread) throw new DomainError("NOT_FOUND", UNKNOWN_REPLY_ADDRESS);

  // Never HTML: the text part, or (a reply in HTML only) the text mailparser makes of the HTML.
  const text = clean(mail.text ?? "", MAX_REPLY_TEXT);
  const subject = clean(mail.subject?.trim() || "(no subject)", 500);
  const sender = mail.from?.value[0];
  const from = sender ? clean(sender.name && sender.address ? `${sender.name} <${sender.address}>` : sender.address || sender.name, 500) || null : null;
  // A message without a Message-ID is known by its bytes, so a provider's retry still stores it once.
  const messageId = clean(mail.messageId ?? `<sha256.${createHash("sha256").update(bytes).digest("hex")}@openhire.invalid>`, 998);
  const inReplyTo = mail.inReplyTo ? clean(mail.inReplyTo, 998) : null;
  const attachments = mail.attachments.map((attachment) => ({ name: clean(attachment.filename ?? "unnamed", 255), bytes: attachment.size }));

  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(emailMessages)
      .values({
        direction: "inbound",
        status: "received",
        kind: "reply",
        companyId: thread.companyId,
        applicationId: thread.applicationId,
        from,
        to: replyAddress(thread.token!, domain),
        subject,
        body: text,
        messageId,
        inReplyTo,
        attachments: attachments.length > 0 ? attachments : null,
        sentAt: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
      })
      .onConflictDoNothing({
        target: [emailMessages.companyId, emailMessages.messageId],
        where: sql`${emailMessages.messageId} is not null`,
      })
      .returning({ id: emailMessages.id });
    const base = { companyId: thread.companyId, applicationId: thread.applicationId, candidateName: thread.candidateName, jobId: thread.jobId, subject };
    if (!stored) {
      const [first] = await tx
        .select({ id: emailMessages.id })
        .from(emailMessages)
        .where(and(acrossCompanies(emailMessages, [thread.companyId]), eq(emailMessages.messageId, messageId)));
      return { ...base, id: first!.id, duplicate: true };
    }
    await recordActivity(tx, {
      companyId: thread.companyId,
      actorId: null,
      type: "application_reply_received",
      subjectType: "application",
      subjectId: thread.applicationId,
      data: { candidateName: thread.candidateName, jobId: thread.jobId, emailId: stored.id, subject },
    });
    // The recruiter hears of it in the app (the bell and /notifications).
    await notifyReply(tx, { companyId: thread.companyId, jobId: thread.jobId, emailId: stored.id });
    return { ...base, id: stored.id, duplicate: false };
  });
}
