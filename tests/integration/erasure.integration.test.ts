// First: the folder for files and the database, before config is read (tests/helpers/files-root.ts).
import { filesRoot } from "../helpers/files-root";
import { rm } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditEvents, cvs, jobs } from "../../db/schema";
import * as applyRoute from "../../app/routes/job-board/job-apply";
import * as eraseRoute from "../../app/routes/staff/candidate-erase";
import * as exportRoute from "../../app/routes/staff/candidate-export";
import * as candidateRoute from "../../app/routes/staff/candidate";
import { InterviewSchema } from "~/schemas/interview";
import { saveScorecard } from "~/server/applications/scorecards.server";
import { moveApplication } from "~/server/applications/pipeline.server";
import { previewCandidateImport } from "~/server/candidates/import.server";
import { addCandidateTag } from "~/server/candidates/tags.server";
import { scheduleInterview } from "~/server/interviews/interviews.server";
import { sendEmailToCandidate } from "~/server/mail/candidate-emails.server";
import { mailerFor } from "~/server/mail/mailer.server";
import { addNote } from "~/server/notes/notes.server";
import { config } from "~/server/platform/config.server";
import { queryRows } from "~/server/platform/db.server";
import { type Queue, startQueue } from "~/server/queue/queue.server";
import { fileStorage, FileNotFoundError } from "~/server/storage/storage.server";
import { deliverWebhookTask } from "~/server/webhooks/delivery.server";
import { extractCvTask } from "~/server/cvs/extract-cv.server";
import { createWebhookEndpoint } from "~/server/webhooks/endpoints.server";
import { createMember, createStaff, createTestJob, stagesOf } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
let queue: Queue;
beforeAll(async () => {
  queue = await startQueue(app.t, [deliverWebhookTask, extractCvTask], { pollingIntervalSeconds: 3600 });
});
afterAll(async () => {
  await queue.stop();
  await rm(filesRoot, { recursive: true, force: true });
});

const NAME = "Zephyrine Quillfeather";
const EMAIL = "zephyrine.quill@example.test";
const PHONE = "+44 20 7946 0958";
const CV_TEXT = "Zephyrine Quillfeather, airship navigator.";
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Every row of every table, and the queue's, that holds `needle` anywhere (its text form, case ignored). */
async function tablesHolding(needle: string): Promise<string[]> {
  const tables = await queryRows<{ schema: string; name: string }>(
    app.t.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'pgboss')`,
  );
  const found: string[] = [];
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(
      app.t.db,
      sql`select count(*)::int as n from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t where t::text ilike ${`%${needle}%`}`,
    );
    if (row!.n > 0) found.push(`${table.schema}.${table.name} (${row!.n})`);
  }
  return found;
}

/** What the reports count for the company: applications, the stage history and the kept counts. */
async function countsOf(companyId: string) {
  const [row] = await queryRows<Record<string, number>>(
    app.t.db,
    sql`select (select count(*)::int from applications where company_id = ${companyId}) as applications,
               (select count(*)::int from candidates where company_id = ${companyId}) as candidates,
               (select count(*)::int from stage_entries where company_id = ${companyId}) as stage_entries,
               (select coalesce(sum(applications), 0)::int from report_counts where company_id = ${companyId}) as report_applications,
               (select count(*)::int from interviews where company_id = ${companyId}) as interviews,
               (select count(*)::int from scorecards where company_id = ${companyId}) as scorecards,
               (select count(*)::int from email_messages where company_id = ${companyId}) as emails`,
  );
  return row!;
}

describe("a candidate's data (decision 116)", () => {
  it("is exported whole, then erased everywhere: no table, search text or stored file holds them, the reports still count them", async () => {
    config.webhooksAllowPrivateNetworks = true;
    const owner = await createStaff(app.t.db, app.t.auth);
    const job = await createTestJob(app.t.db, owner.staff, { title: "Airship Navigator" });
    await app.t.db.update(jobs).set({ cvField: "optional" }).where(eq(jobs.id, job.id));
    await createWebhookEndpoint(app.t.db, owner.staff, { url: "http://127.0.0.1:9/hooks", description: "", events: ["application.created", "application.stage_changed"] });

    // They apply with a CV, through the form.
    const form = new FormData();
    form.set("candidate_name", NAME);
    form.set("candidate_email", EMAIL);
    form.set("cover_letter", `I am ${NAME}; write to ${EMAIL}.`);
    form.set("privacy_consent", "on");
    form.set("cv", new File([CV_TEXT], "Zephyrine CV.txt", { type: "text/plain" }));
    const applied = await callAction(applyRoute.action, { path: `/jobs/${job.id}/airship-navigator/apply`, params: { id: job.id, slug: "airship-navigator" }, form });
    expect(applied.status).toBe(302);
    const [application] = await queryRows<{ id: string; candidate_id: string }>(app.t.db, sql`select id, candidate_id from applications where candidate_email = ${EMAIL}`);
    const candidateId = application!.candidate_id;
    await app.t.db.execute(sql`update candidates set phone = ${PHONE} where id = ${candidateId}`);
    // Its text is read (searchable), and the webhook deliveries are tried (the log keeps the payloads).
    await queue.runDueTasks();
    const [cv] = await app.t.db.select().from(cvs).where(eq(cvs.candidateId, candidateId));
    expect(cv!.text).toBe(CV_TEXT);

    // The team works with them: a move, a note, an email, an interview, a scorecard, a tag, an import file that lists them.
    const stages = await stagesOf(app.t.db, job.id);
    await moveApplication(app.t.db, owner.staff, application!.id, stages[1]!.id);
    const mailer = mailerFor(app.t.db);
    await addNote(app.t.db, owner.staff, { candidateId }, { body: `${NAME} was great at the fair.` }, mailer);
    await sendEmailToCandidate(app.t.db, owner.staff, application!.id, { subject: `Hello ${NAME}`, body: `Dear ${NAME}, thanks.` }, mailer);
    await scheduleInterview(
      app.t.db,
      owner.staff,
      application!.id,
      InterviewSchema.parse({ title: `Interview with ${NAME}`, date: day(3), startTime: "10:00", durationMinutes: "60", timeZone: "UTC", location: "Room 1", notesForInterviewers: `Ask ${NAME} about routes.`, interviewerIds: [owner.staff.userId] }),
      mailer,
    );
    await saveScorecard(app.t.db, owner.staff, application!.id, { recommendation: "yes", notes: `${NAME} knows the winds.`, ratings: {}, submit: true });
    await addCandidateTag(app.t.db, owner.staff, { candidateId, name: "Airships" });
    await previewCandidateImport(app.t.db, owner.staff, { name: "fair.csv", bytes: new TextEncoder().encode(`Name,Email\n${NAME},${EMAIL}\nOther Person,other@example.test\n`) });
    await mailer.idle();
    expect(await tablesHolding(EMAIL)).not.toEqual([]);

    // Export: the JSON and the CV file, and an audit entry without their name.
    const exported = await callLoader(exportRoute.loader, { path: `/candidates/${candidateId}/export`, cookie: owner.cookie, params: { candidateId } });
    expect(exported.response!.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await exported.response!.arrayBuffer()));
    const data = JSON.parse(new TextDecoder().decode(files["candidate.json"]!));
    expect(data.candidate).toMatchObject({ id: candidateId, name: NAME, email: EMAIL, phone: PHONE, tags: ["Airships"] });
    expect(data.applications).toEqual([expect.objectContaining({ id: application!.id, job_title: "Airship Navigator", cover_letter: `I am ${NAME}; write to ${EMAIL}.` })]);
    expect(data.notes).toEqual([expect.objectContaining({ body: `${NAME} was great at the fair.` })]);
    expect(data.emails.map((email: { subject: string }) => email.subject)).toContain(`Hello ${NAME}`);
    expect(data.interviews).toHaveLength(1);
    expect(data.scorecards).toEqual([expect.objectContaining({ recommendation: "yes", notes: `${NAME} knows the winds.` })]);
    expect(data.cvs).toEqual([expect.objectContaining({ file_name: "Zephyrine CV.txt", file: "files/1-Zephyrine CV.txt" })]);
    expect(new TextDecoder().decode(files["files/1-Zephyrine CV.txt"]!)).toBe(CV_TEXT);

    const before = await countsOf(owner.staff.companyId);

    // A recruiter may export but not erase; a wrong name erases nothing.
    const recruiter = await createMember(app.t.db, app.t.auth, owner.staff, "recruiter");
    expect((await callLoader(eraseRoute.loader, { path: `/candidates/${candidateId}/erase`, cookie: recruiter.cookie, params: { candidateId } })).status).toBe(403);
    const erase = (typed: string, cookie = owner.cookie) => callAction(eraseRoute.action, { path: `/candidates/${candidateId}/erase`, cookie, params: { candidateId }, form: { confirmName: typed } });
    expect((await erase(NAME, recruiter.cookie)).status).toBe(403);
    expect(await erase("Zephyrine")).toMatchObject({ status: 400, data: { errors: { confirmName: "Type the candidate's name exactly as it is shown to erase them." } } });
    expect(await tablesHolding(EMAIL)).not.toEqual([]);
    // Another company's admin finds no such candidate.
    const stranger = await createStaff(app.t.db, app.t.auth);
    await expect(callAction(eraseRoute.action, { path: `/candidates/${candidateId}/erase`, cookie: stranger.cookie, params: { candidateId }, form: { confirmName: NAME } })).resolves.toMatchObject({ status: 404 });

    const erased = await erase(`  ${NAME.toLowerCase()} `);
    expect(erased.status).toBe(302);
    expect(erased.response!.headers.get("location")).toBe(`/candidates/${candidateId}`);

    for (const needle of [EMAIL, NAME, "Zephyrine", "Quillfeather", PHONE, "7946 0958", "airship navigator."]) {
      expect(await tablesHolding(needle), needle).toEqual([]);
    }
    await expect(fileStorage().get(cv!.storageKey)).rejects.toBeInstanceOf(FileNotFoundError);
    // Search finds them no more; the reports count what they counted.
    const [search] = await queryRows<{ n: number }>(app.t.db, sql`select count(*)::int as n from candidates where search_names @@ plainto_tsquery('english', 'zephyrine') or search_text @@ plainto_tsquery('english', 'navigator')`);
    expect(search!.n).toBe(0);
    expect(await countsOf(owner.staff.companyId)).toEqual(before);

    const trail = await app.t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, candidateId));
    expect(trail.map((entry) => entry.action).sort()).toEqual(["candidate.erased", "candidate.exported"]);
    expect(trail.every((entry) => entry.actorId === owner.staff.userId)).toBe(true);

    // The page says so, and erasing again is refused.
    const page = await callLoader(candidateRoute.loader, { path: `/candidates/${candidateId}`, cookie: owner.cookie, params: { candidateId } });
    expect(page.data.candidate.name).toBe("Erased candidate");
    expect(await erase("Erased candidate")).toMatchObject({ status: 409 });
    config.webhooksAllowPrivateNetworks = false;
  });
});
