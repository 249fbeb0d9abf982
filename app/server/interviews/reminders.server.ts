import { sql } from "drizzle-orm";
import { companies } from "../../../db/schema";
import type { InterviewReminderHours } from "~/schemas/interview-reminders";
import { z } from "~/schemas/zod";
import { mailerFor, type Mailer, type OutgoingEmail } from "../mail/mailer.server";
import { type Database, type Queryable, queryRows } from "../platform/db.server";
import { type Actor, ownCompany } from "../platform/tenancy.server";
import { defineTask } from "../queue/tasks.server";
import { requireCompanyAdmin } from "../team/team.server";
import { recordFeedbackAsks } from "./feedback-asks.server";
import { applicationsOfPicked, interviewersOfPicked, type PickedInterview } from "./pass-reads.server";
import { reminderEmail } from "./invitation.server";

/*
 * Interview reminders (issue 14, decision 102 "Reminders"): `interview_reminder_hours` (Settings ›
 * Hiring; 24 by default, 0 off) before an interview, each interviewer and the candidate get a reminder
 * email through the outbox. A recurring pass of the task queue records the reminders that are due; an
 * interview's `reminded_for` (the start time they were recorded for) is set in the same statement that
 * picks it, guarded by `is distinct from starts_at`, and the emails are recorded in the transaction that
 * also marks the pass done (`ctx.transaction`): reminders of one time go exactly once, across passes,
 * retries, nodes and restarts. A moved interview has a new time, so its reminders follow it; a
 * cancelled one is never picked.
 */

export const REMINDERS_ADMINS_ONLY = "Only an admin of the company can change its hiring settings.";
/** The longest lead time offered: the pass reads interviews starting within it (one index range). */
const MAX_LEAD_HOURS = 48;
/** Interviews one pass takes at most; the next pass takes the rest. */
const PASS_LIMIT = 200;

export async function getInterviewReminderHours(db: Queryable, actor: Actor): Promise<InterviewReminderHours> {
  const [row] = await db.select({ hours: companies.interviewReminderHours }).from(companies).where(ownCompany(actor));
  return (row?.hours ?? 24) as InterviewReminderHours;
}

export async function setInterviewReminderHours(db: Database, actor: Actor, hours: InterviewReminderHours): Promise<void> {
  await requireCompanyAdmin(db, actor, REMINDERS_ADMINS_ONLY);
  await db.update(companies).set({ interviewReminderHours: hours }).where(ownCompany(actor));
}

interface DueInterview extends PickedInterview {
  location: string;
  notes_for_interviewers: string;
  uid: string;
  sequence: number;
}

/**
 * Picks every interview whose reminders are due at `now` and records them (on `tx`, in the outbox);
 * answers the messages' ids. Due: not cancelled, not started, its company's lead time reached, not yet
 * reminded for its current start time, and scheduled or last moved before the reminder's time (one
 * scheduled or moved within the lead time has a fresh invitation and gets no reminder). Reads across
 * companies by nature (decision 052): it acts for no member; each interview's rows are read by its id
 * and its company's.
 */
export async function recordInterviewReminders(tx: Queryable, mailer: Mailer, now: Date = new Date()): Promise<string[]> {
  const at = now.toISOString();
  const lead = sql`make_interval(hours => c.interview_reminder_hours)`;
  // The guard is in the statement that sets the fact: a second pass (or one waiting on this one's
  // row locks) finds reminded_for = starts_at and takes nothing. updated_at is left alone: it says
  // when the interview was last scheduled or moved, which a reminder does not do.
  const due = await queryRows<DueInterview>(
    tx,
    sql`update interviews set reminded_for = starts_at
        where id in (
          select i.id from interviews i
          join companies c on c.id = i.company_id
          where i.cancelled_at is null
            and i.starts_at > ${at}::timestamptz
            and i.starts_at <= ${at}::timestamptz + make_interval(hours => ${MAX_LEAD_HOURS})
            and c.interview_reminder_hours > 0
            and i.starts_at - ${lead} <= ${at}::timestamptz
            and i.updated_at <= i.starts_at - ${lead}
            and i.reminded_for is distinct from i.starts_at
          order by i.starts_at
          limit ${PASS_LIMIT}
          for update of i skip locked
        )
        and cancelled_at is null
        and reminded_for is distinct from starts_at
        returning id, company_id, application_id, title, starts_at, duration_minutes, time_zone, location, notes_for_interviewers, uid, sequence`,
  );
  if (due.length === 0) return [];
  const companyIds = [...new Set(due.map((row) => row.company_id))];
  const details = await applicationsOfPicked(tx, due, companyIds);
  const people = await interviewersOfPicked(tx, due, companyIds);

  const emails: OutgoingEmail[] = [];
  for (const row of due) {
    const application = details.find((detail) => detail.applicationId === row.application_id);
    if (!application) continue;
    const interviewers = people.filter((person) => person.interviewId === row.id);
    const interview = {
      uid: row.uid,
      sequence: row.sequence,
      title: row.title,
      startsAt: new Date(row.starts_at),
      durationMinutes: row.duration_minutes,
      timeZone: row.time_zone,
      location: row.location,
      notesForInterviewers: row.notes_for_interviewers,
    };
    const parties = { candidate: { name: application.candidateName }, interviewers, companyName: application.companyName, jobTitle: application.jobTitle };
    for (const person of interviewers) {
      emails.push({ to: person.email, ...reminderEmail(interview, parties, { name: person.name, audience: "interviewer", timeZone: person.timeZone }), kind: "interview-reminder", companyId: row.company_id, replyTo: null });
    }
    emails.push({
      to: application.candidateEmail,
      ...reminderEmail(interview, parties, { name: application.candidateName, audience: "candidate" }),
      kind: "interview-reminder",
      companyId: row.company_id,
      // In the application's thread, as the invitations are.
      applicationId: row.application_id,
    });
  }
  return mailer.record(emails, tx);
}

/**
 * Every five minutes: the reminders that are due and the asks for feedback on interviews that have
 * ended (feedback-asks.server.ts), recorded with the pass's completion, then delivered.
 */
export const interviewReminderPass = defineTask({
  name: "interview-reminders",
  schema: z.object({}),
  cron: "*/5 * * * *",
  // A failed pass is not retried: the next one, five minutes later, takes what it left.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  handler: async (_data, ctx) => {
    const mailer = mailerFor(ctx.db);
    const ids = await ctx.transaction(async (tx) => [...(await recordInterviewReminders(tx, mailer)), ...(await recordFeedbackAsks(tx, mailer))]);
    mailer.deliver(ids);
  },
});
