import { sql } from "drizzle-orm";
import { applicationLinks, candidates } from "../../../db/schema";
import { applicationHref } from "~/lib/application-href";
import { isErased } from "~/lib/erased";
import {
  APPLICATION_LINK_DAYS,
  CANDIDATE_PAGE_MESSAGES,
  type CandidateStatus,
  candidateStatusOf,
  type ContactDetailsInput,
  erasureAnswerDue,
} from "~/schemas/candidate-page";
import { formatLongDate } from "~/schemas/zoned-time";
import { recordActivity } from "../activity/activity.server";
import { recordAudit } from "../audit/audit.server";
import { emailKeyOf } from "../candidates/email-aliases.server";
import { type ReceivedCv, removeCvFile, storeCvFile } from "../cvs/cv-upload.server";
import { enqueueCvExtraction } from "../cvs/extract-cv.server";
import { EMAIL_SIGNATURE, type Mailer } from "../mail/mailer.server";
import { type Database, type Queryable, queryRows } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { consumeRateLimit, RATE_LIMITS } from "../platform/rate-limit.server";
import { hashSecretToken, isSecretToken } from "../platform/secret-token.server";
import { type Actor, acrossCompanies, ownedSql } from "../platform/tenancy.server";
import { applicationPageUrl, issueApplicationLinks } from "./application-links.server";
import { candidateExportZip } from "./export.server";
import { absoluteUrl } from "~/lib/absolute-url";
import { hiringTeamEmailRecipients } from "../jobs/hiring-team.server";

/*
 * A candidate's own page of an application (issue 17, decision 119). No account: the link's token is
 * the key, and names the company (a read across companies, like a scheduling link's). The page says
 * where the application stands in plain words and lets the candidate withdraw it, correct their
 * contact details, upload a new CV, download a copy of their data and ask to be erased. Each change
 * is the candidate's own: history events and audit entries with no member as the actor.
 */

export interface CandidateApplicationPage {
  companyName: string;
  jobTitle: string;
  appliedOn: string;
  status: CandidateStatus;
  /** Whether they withdrew it themselves (the page then says so). */
  withdrawn: boolean;
  contact: { name: string; email: string; phone: string };
  cvs: { fileName: string; uploadedOn: string }[];
  /** The day they asked to be erased, if they did. */
  erasureRequestedOn: string | null;
  linkExpiresOn: string;
}

interface LinkRow {
  application_id: string;
  company_id: string;
  candidate_id: string;
  job_id: string;
  candidate_name: string;
  status: string;
  hired_on: string | null;
  interviews: number;
  stage_name: string | null;
  applied_at: Date;
  job_title: string;
  company_name: string;
  name: string;
  email: string;
  phone: string | null;
  erasure_requested_at: Date | null;
  expires_at: Date;
}

export type FoundApplicationLink = { state: "unknown" } | { state: "expired" } | { state: "open"; link: LinkRow; actor: Actor };

/** The link whose token this is, with its application and candidate; `lock` holds the application for a change. */
async function findLink(db: Queryable, token: string | undefined | null, now: Date, lock = false): Promise<FoundApplicationLink> {
  if (!isSecretToken(token)) return { state: "unknown" };
  const [link] = await queryRows<LinkRow>(
    db,
    sql`select a.id as application_id, a.company_id, a.candidate_id, a.job_id, a.candidate_name, a.status, a.hired_on, a.interviews,
          s.name as stage_name, a.created_at as applied_at, j.title as job_title, co.name as company_name,
          c.name, c.email, c.phone, c.erasure_requested_at, application_links.expires_at
        from application_links
        join applications a on a.id = application_links.application_id and a.company_id = application_links.company_id
        join jobs j on j.id = a.job_id and j.company_id = a.company_id
        join companies co on co.id = a.company_id
        join candidates c on c.id = a.candidate_id and c.company_id = a.company_id
        left join pipeline_stages s on s.id = a.current_pipeline_stage_id
        where application_links.token_hash = ${hashSecretToken(token)} and ${acrossCompanies(applicationLinks)}
        ${lock ? sql`for update of a` : sql``}`,
  );
  if (!link || isErased(link)) return { state: "unknown" };
  if (new Date(link.expires_at).getTime() <= now.getTime()) return { state: "expired" };
  // The company acts on its own rows: no member, no role (it sees every application).
  return { state: "open", link, actor: { userId: "", companyId: link.company_id } };
}

async function openLink(db: Queryable, token: string, now: Date, lock = false) {
  const found = await findLink(db, token, now, lock);
  if (found.state === "expired") throw new DomainError("CLOSED", CANDIDATE_PAGE_MESSAGES.linkExpired);
  if (found.state !== "open") throw new DomainError("NOT_FOUND", CANDIDATE_PAGE_MESSAGES.linkUnknown);
  return found;
}

/** What the page shows; `unknown` and `expired` links get the form that asks for new ones. */
export async function readApplicationPage(
  db: Queryable,
  token: string,
  now = new Date(),
): Promise<{ state: "unknown" } | { state: "expired" } | { state: "open"; page: CandidateApplicationPage }> {
  const found = await findLink(db, token, now);
  if (found.state !== "open") return found;
  const { link, actor } = found;
  const cvs = await queryRows<{ file_name: string; created_at: Date }>(
    db,
    sql`select v.file_name, v.created_at from cvs v where v.candidate_id = ${link.candidate_id} and ${ownedSql("v", actor)} order by v.created_at desc limit 20`,
  );
  const day = (value: Date | string) => formatLongDate(new Date(value), "UTC");
  return {
    state: "open",
    page: {
      companyName: link.company_name,
      jobTitle: link.job_title,
      appliedOn: day(link.applied_at),
      status: candidateStatusOf({ status: link.status, hiredOn: link.hired_on, stageName: link.stage_name, interviews: link.interviews }),
      withdrawn: link.status === "withdrawn",
      contact: { name: link.name, email: link.email, phone: link.phone ?? "" },
      cvs: cvs.map((cv) => ({ fileName: cv.file_name, uploadedOn: day(cv.created_at) })),
      erasureRequestedOn: link.erasure_requested_at ? day(link.erasure_requested_at) : null,
      linkExpiresOn: day(link.expires_at),
    },
  };
}

/** A change the candidate made to their data: the application's history event and the audit entry, with no member. */
async function recordCandidateChange(tx: Queryable, link: LinkRow, actor: Actor, change: "contact_details" | "cv", fields: string[], ip: string | null) {
  await recordActivity(tx, {
    companyId: actor.companyId,
    actorId: null,
    type: "application_candidate_update",
    subjectType: "application",
    subjectId: link.application_id,
    data: { candidateName: link.candidate_name, jobId: link.job_id, change },
  });
  await recordAudit(tx, {
    companyId: actor.companyId,
    actorId: null,
    action: "candidate.updated",
    subjectType: "candidate",
    subjectId: link.candidate_id,
    data: { fields },
    via: "candidate",
    ip,
  });
}

/**
 * The candidate withdraws the application: its status, and the history's event (no member acted;
 * webhooks hear of it). The job's hiring team members who take email notifications are told, with a
 * link to the application (decision 123).
 */
export async function withdrawByCandidate(db: Database, mailer: Mailer, token: string, options: { baseUrl: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const messageIds = await db.transaction(async (tx) => {
    const { link, actor } = await openLink(tx, token, now, true);
    if (link.status !== "active" || link.hired_on) throw new DomainError("CONFLICT", CANDIDATE_PAGE_MESSAGES.alreadyClosed);
    await tx.execute(sql`update applications set status = 'withdrawn', rejection_reason = null, rejected_at = null, updated_at = now()
                         where id = ${link.application_id} and ${ownedSql("applications", actor)}`);
    await recordActivity(tx, {
      companyId: actor.companyId,
      actorId: null,
      type: "application_status_changed",
      subjectType: "application",
      subjectId: link.application_id,
      data: { candidateName: link.candidate_name, jobId: link.job_id, from: "active", to: "withdrawn", byCandidate: true },
    });
    const team = await hiringTeamEmailRecipients(tx, actor, link.job_id);
    const page = absoluteUrl(options.baseUrl, applicationHref(link.application_id));
    return mailer.record(
      team.map((email) => ({
        kind: "candidate-withdrew",
        to: email,
        companyId: actor.companyId,
        subject: `${link.candidate_name} withdrew from ${link.job_title}`,
        body:
          `${link.candidate_name} withdrew their application for ${link.job_title} from their application's page.\n\n` +
          `Open the application:\n${page}\n\n` +
          "You get these emails because you are on the job's hiring team and email notifications are on in your Settings." +
          EMAIL_SIGNATURE,
      })),
      tx,
    );
  });
  mailer.deliver(messageIds);
}

/**
 * The candidate corrects their contact details: the company's candidate and every one of their
 * applications to it (its emails go to the address an application holds). An address that another
 * of the company's candidates has (or had, before a merge) is refused without saying whose it is.
 */
export async function correctContactDetails(db: Database, token: string, input: ContactDetailsInput, ip: string | null, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const { link, actor } = await openLink(tx, token, now, true);
    const key = emailKeyOf(input.email);
    const [taken] = await queryRows<{ taken: boolean }>(
      tx,
      sql`select exists (select 1 from candidates c where c.email_key = ${key} and c.id <> ${link.candidate_id} and ${ownedSql("c", actor)})
              or exists (select 1 from candidate_email_aliases x where x.email_key = ${key} and x.candidate_id <> ${link.candidate_id} and ${ownedSql("x", actor)}) as taken`,
    );
    if (taken?.taken) throw new DomainError("CONFLICT", CANDIDATE_PAGE_MESSAGES.emailTaken, { field: "email" });
    const changed = [
      input.name !== link.name && "name",
      input.email !== link.email && "email",
      (input.phone ?? "") !== (link.phone ?? "") && "phone",
    ].filter((field): field is string => Boolean(field));
    if (changed.length === 0) return;
    await tx.execute(sql`update candidates set name = ${input.name}, email = ${input.email}, email_key = ${key}, phone = ${input.phone ?? null}, updated_at = now()
                         where id = ${link.candidate_id} and ${ownedSql("candidates", actor)}`);
    await tx.execute(sql`update applications set candidate_name = ${input.name}, candidate_email = ${input.email}, updated_at = now()
                         where candidate_id = ${link.candidate_id} and ${ownedSql("applications", actor)}`);
    await recordCandidateChange(tx, { ...link, candidate_name: input.name }, actor, "contact_details", changed, ip);
  }).catch((error: unknown) => {
    // Another application of theirs to a job holds the address under another person: the same refusal.
    if (error instanceof Error && /applications_job_email_unique/.test(String((error as { constraint?: string }).constraint ?? error.message))) {
      throw new DomainError("CONFLICT", CANDIDATE_PAGE_MESSAGES.emailTaken, { field: "email" });
    }
    throw error;
  });
}

/**
 * The candidate uploads a new CV (already checked by its bytes): stored for them, with this
 * application, its text extracted. At most ten an hour per application.
 */
export async function uploadCvByCandidate(db: Database, token: string, cv: ReceivedCv, ip: string | null, now = new Date()): Promise<void> {
  const { link } = await openLink(db, token, now);
  await consumeRateLimit(db, RATE_LIMITS.candidateCvUpload, link.application_id);
  const storageKey = await storeCvFile(cv);
  try {
    await db.transaction(async (tx) => {
      const { link, actor } = await openLink(tx, token, now, true);
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into cvs (company_id, candidate_id, application_id, file_name, kind, size_bytes, sha256, storage_key)
            values (${actor.companyId}, ${link.candidate_id}, ${link.application_id}, ${cv.fileName}, ${cv.kind}, ${cv.size}, ${cv.sha256}, ${storageKey})
            returning id`,
      );
      await enqueueCvExtraction(tx, row!.id);
      await recordCandidateChange(tx, link, actor, "cv", ["cv"], ip);
    });
  } catch (error) {
    await removeCvFile(storageKey);
    throw error;
  }
}

/** A copy of their data at this company, as a zip (JSON and their CV files): what they gave and what is recorded of their applications. */
export async function candidateDataZip(db: Database, token: string, ip: string | null, now = new Date()): Promise<{ stream: ReadableStream<Uint8Array>; fileName: string }> {
  const { link, actor } = await openLink(db, token, now);
  const stream = await candidateExportZip(db, actor, link.candidate_id, ip ?? undefined, { audience: "candidate" });
  return { stream, fileName: `my-data-${link.company_name.replace(/[^\w-]+/g, "-").toLowerCase().slice(0, 60)}.zip` };
}

/**
 * The candidate asks to be erased: the day is kept on the candidate (their page at the company shows
 * it to staff with the day the answer is due), the history and the audit trail record it, and the
 * company's admins are emailed. Asking again changes nothing.
 */
export async function requestErasure(db: Database, mailer: Mailer, token: string, options: { baseUrl: string; ip: string | null; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const messageIds = await db.transaction(async (tx) => {
    const { link, actor } = await openLink(tx, token, now, true);
    const [marked] = await queryRows<{ id: string }>(
      tx,
      sql`update candidates set erasure_requested_at = ${now.toISOString()}::timestamptz
          where id = ${link.candidate_id} and erasure_requested_at is null and ${ownedSql("candidates", actor)} returning id`,
    );
    if (!marked) throw new DomainError("CONFLICT", CANDIDATE_PAGE_MESSAGES.erasureAlready);
    await recordActivity(tx, {
      companyId: actor.companyId,
      actorId: null,
      type: "application_candidate_update",
      subjectType: "application",
      subjectId: link.application_id,
      data: { candidateName: link.candidate_name, jobId: link.job_id, change: "erasure_requested" },
    });
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorId: null,
      action: "candidate.erasure_requested",
      subjectType: "candidate",
      subjectId: link.candidate_id,
      via: "candidate",
      ip: options.ip,
    });
    const admins = await queryRows<{ email: string }>(
      tx,
      sql`select u.email from profiles p join "user" u on u.id = p.id where p.role = 'admin' and ${ownedSql("p", actor)}`,
    );
    const due = erasureAnswerDue(now);
    const page = absoluteUrl(options.baseUrl, `/candidates/${link.candidate_id}`);
    return mailer.record(
      admins.map((admin) => ({
        kind: "erasure-request",
        to: admin.email,
        companyId: actor.companyId,
        subject: `${link.candidate_name} asked to be erased`,
        body:
          `${link.candidate_name}, who applied for ${link.job_title}, asked from their application's page for their data to be erased.\n\n` +
          `Please answer by ${formatLongDate(due, "UTC")}: erase them with "Erase candidate" on their page, or reply to them to say why some data must be kept.\n${page}` +
          EMAIL_SIGNATURE,
      })),
      tx,
    );
  });
  mailer.deliver(messageIds);
}

/**
 * "Email me my links": new links to every application this address made, one email per company
 * (so that an erasure at one company removes its own). The answer is the same whoever asks, and
 * nothing is sent for an address with no applications. Rate limited per client and per address.
 */
export async function emailApplicationLinks(db: Database, mailer: Mailer, email: string, options: { baseUrl: string; clientIp: string; now?: Date }): Promise<void> {
  await consumeRateLimit(db, RATE_LIMITS.applicationLinks, options.clientIp);
  await consumeRateLimit(db, RATE_LIMITS.applicationLinksEmail, emailKeyOf(email));
  const now = options.now ?? new Date();
  const messageIds = await db.transaction(async (tx) => {
    const rows = await queryRows<{ application_id: string; company_id: string; company_name: string; job_title: string; applied_at: Date; to: string }>(
      tx,
      sql`select a.id as application_id, a.company_id, co.name as company_name, j.title as job_title, a.created_at as applied_at, candidates.email as to
          from candidates
          join applications a on a.candidate_id = candidates.id and a.company_id = candidates.company_id
          join jobs j on j.id = a.job_id and j.company_id = a.company_id
          join companies co on co.id = a.company_id
          where candidates.email_key = ${emailKeyOf(email)} and ${acrossCompanies(candidates)}
          order by co.name, a.created_at desc
          limit 100`,
    );
    if (rows.length === 0) return [];
    const tokens = await issueApplicationLinks(tx, rows.map((row) => ({ applicationId: row.application_id, companyId: row.company_id })), now);
    const byCompany = new Map<string, typeof rows>();
    for (const row of rows) byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), row]);
    return mailer.record(
      [...byCompany.values()].map((applications) => ({
        kind: "application-links",
        to: applications[0]!.to,
        companyId: applications[0]!.company_id,
        // The links open the pages: the stored copy is blanked once it has left.
        sensitive: true,
        subject: `Your applications at ${applications[0]!.company_name}`,
        body:
          `Here are the links to your applications at ${applications[0]!.company_name}, as you asked:\n\n` +
          applications
            .map((row) => `${row.job_title} (applied ${formatLongDate(new Date(row.applied_at), "UTC")}):\n${applicationPageUrl(options.baseUrl, tokens.get(row.application_id)!)}`)
            .join("\n\n") +
          `\n\nEach link works for ${APPLICATION_LINK_DAYS} days. If you did not ask for this email, you can ignore it.` +
          EMAIL_SIGNATURE,
      })),
      tx,
    );
  });
  mailer.deliver(messageIds);
}

/** Links past their day are forgotten (the daily task). */
export async function forgetExpiredApplicationLinks(db: Queryable, now = new Date()): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from application_links where expires_at <= ${now.toISOString()}::timestamptz and ${acrossCompanies(applicationLinks)} returning id`,
  );
  return rows.length;
}
