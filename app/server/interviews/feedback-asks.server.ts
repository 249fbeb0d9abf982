import { and, eq, isNotNull, sql } from "drizzle-orm";
import { interviewInterviewers, interviews, scorecards } from "../../../db/schema";
import { applicationHref } from "~/lib/application-href";
import { formatInterviewTime } from "~/schemas/zoned-time";
import { config } from "../platform/config.server";
import { type Queryable, queryRows } from "../platform/db.server";
import { acrossCompanies } from "../platform/tenancy.server";
import { applicationsOfPicked, interviewersOfPicked, type PickedInterview } from "./pass-reads.server";
import { EMAIL_SIGNATURE, type Mailer, type OutgoingEmail } from "../mail/mailer.server";
import { absoluteUrl } from "~/lib/absolute-url";

/*
 * After an interview ends, each of its interviewers who has not submitted a scorecard for the
 * application is asked for one by email (issue 14, decision 102 "Feedback after the interview"), by
 * the same recurring pass as the reminders. An interview's `feedback_asked_for` (the start time the
 * ask was recorded for) is set by the statement that picks it, guarded by `is distinct from
 * starts_at`, in the pass's transaction with the emails: asked once per time, across passes,
 * retries and restarts. An interview that ended more than a day ago is left alone, so a pass after
 * a long stop (or the first one after this change) does not ask about old interviews.
 */

/** How long after its end an interview is still asked about. */
const ASK_WITHIN_HOURS = 24;
/** The longest interview (the duration's check in the schema), for the start times the pass reads. */
const LONGEST_MINUTES = 720;
/** Interviews one pass takes at most; the next pass takes the rest. */
const PASS_LIMIT = 200;

/**
 * Picks every interview that has ended by `now` (within the last day, not cancelled, not asked
 * about for its current time) and records the asks for feedback (on `tx`, in the outbox); answers
 * the messages' ids. Reads across companies by nature, as the reminders do (decision 052).
 */
export async function recordFeedbackAsks(tx: Queryable, mailer: Mailer, now: Date = new Date()): Promise<string[]> {
  const at = now.toISOString();
  const ended = await queryRows<PickedInterview>(
    tx,
    sql`update interviews set feedback_asked_for = starts_at
        where id in (
          select i.id from interviews i
          where i.cancelled_at is null
            and i.starts_at <= ${at}::timestamptz
            and i.starts_at > ${at}::timestamptz - make_interval(hours => ${ASK_WITHIN_HOURS}, mins => ${LONGEST_MINUTES})
            and i.starts_at + make_interval(mins => i.duration_minutes) <= ${at}::timestamptz
            and i.starts_at + make_interval(mins => i.duration_minutes) > ${at}::timestamptz - make_interval(hours => ${ASK_WITHIN_HOURS})
            and i.feedback_asked_for is distinct from i.starts_at
          order by i.starts_at
          limit ${PASS_LIMIT}
          for update of i skip locked
        )
        and cancelled_at is null
        and feedback_asked_for is distinct from starts_at
        returning id, company_id, application_id, title, starts_at, duration_minutes, time_zone`,
  );
  if (ended.length === 0) return [];
  const companyIds = [...new Set(ended.map((row) => row.company_id))];
  const details = await applicationsOfPicked(tx, ended, companyIds);
  // Only those who have not submitted their scorecard for the application.
  const owing = await interviewersOfPicked(
    tx,
    ended,
    companyIds,
    sql`not exists (${tx
      .select({ one: sql`1` })
      .from(scorecards)
      .innerJoin(interviews, eq(interviews.id, interviewInterviewers.interviewId))
      .where(
        and(
          eq(scorecards.applicationId, interviews.applicationId),
          eq(scorecards.authorId, interviewInterviewers.userId),
          acrossCompanies(scorecards, companyIds),
          isNotNull(scorecards.submittedAt),
        ),
      )})`,
  );

  const emails: OutgoingEmail[] = [];
  for (const row of ended) {
    const application = details.find((detail) => detail.applicationId === row.application_id);
    if (!application) continue;
    const when = formatInterviewTime(new Date(row.starts_at), row.duration_minutes, row.time_zone);
    const link = absoluteUrl(config.baseUrl, applicationHref(row.application_id, "feedback"));
    for (const person of owing) {
      if (person.interviewId !== row.id) continue;
      emails.push({
        to: person.email,
        subject: `Your feedback on ${application.candidateName} (${application.jobTitle})`,
        body:
          [
            `Hi ${person.name},`,
            "",
            `"${row.title}" with ${application.candidateName} for ${application.jobTitle} has ended (${when}).`,
            "While it is fresh, please submit your scorecard: a rating per attribute, your recommendation and notes.",
            "",
            link,
          ].join("\n") + EMAIL_SIGNATURE,
        kind: "interview-feedback-ask",
        companyId: row.company_id,
        replyTo: null,
      });
    }
  }
  return mailer.record(emails, tx);
}
