import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as applicationRoute from "~/routes/staff/application";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();

/*
 * The application page shows the newest 20 emails of the thread and the newest 20 notes, with a
 * link to all of them: its size stays the same however long the conversation grows (issue 13's
 * budget, bench:application).
 */
describe("the application page's thread and notes", () => {
  it("show the newest 20 of each (50 of the history) with a link to the rest, and all of them on request", async () => {
    const owner = await createStaff(app.t.db, app.t.auth);
    const job = await createTestJob(app.t.db, owner.staff);
    const application = await createTestApplication(app.t.db, job);
    await app.t.db.execute(sql`
      insert into notes (company_id, candidate_id, application_id, author_id, body, created_at)
      select ${owner.staff.companyId}, ${application.candidateId}, ${application.id}, ${owner.staff.userId}, 'note ' || g, now() - (g || ' minutes')::interval
      from generate_series(1, 25) g`);
    await app.t.db.execute(sql`
      insert into email_messages (company_id, application_id, kind, "to", subject, body, status, attempts, sent_at, created_at)
      select ${owner.staff.companyId}, ${application.id}, 'message', 'c@example.test', 'email ' || g, 'Hello', 'sent', 1, now(), now() - (g || ' minutes')::interval
      from generate_series(1, 25) g`);
    await app.t.db.execute(sql`
      insert into activity_events (company_id, actor_id, type, subject_type, subject_id, data, created_at)
      select ${owner.staff.companyId}, ${owner.staff.userId}, 'application_stage_moved', 'application', ${application.id},
             jsonb_build_object('candidateName', 'Grace', 'toStageName', 'Stage ' || g), now() - ((60 - g) || ' minutes')::interval
      from generate_series(1, 55) g`);
    type Page = Awaited<ReturnType<typeof applicationRoute.loader>>;
    const load = async (query: string) =>
      (await callLoader(applicationRoute.loader, { path: `/applications/${application.id}${query}`, cookie: owner.cookie, params: { applicationId: application.id } })).data as Page;

    // The history: the newest 50 changes, oldest of them first, and a link to the earlier ones.
    const history = await load("?tab=history");
    expect(history.history.map((item) => item.text)).toEqual(Array.from({ length: 50 }, (_, i) => `Grace moved to Stage ${i + 6}`));
    expect(history.more.history).toBe(`/applications/${application.id}?tab=history&history=all#history-heading`);
    expect((await load("?tab=history&history=all")).history).toHaveLength(55);

    const thread = await load("?tab=email");
    expect(thread.emails.map((email) => email.subject)).toEqual(Array.from({ length: 20 }, (_, i) => `email ${i + 1}`));
    expect(thread.more.thread).toBe(`/applications/${application.id}?tab=email&thread=all#email-heading`);
    const notes = await load("?tab=notes");
    expect(notes.notes).toHaveLength(20);
    expect(notes.more.notes).toBe(`/applications/${application.id}?tab=notes&notes=all#notes-heading`);
    expect((await load("?tab=email&thread=all")).emails).toHaveLength(25);
    const allNotes = await load("?tab=notes&notes=all");
    expect(allNotes.notes).toHaveLength(25);
    expect(allNotes.more).toEqual({ thread: null, notes: null, history: null });
  });
});

/*
 * One section at a time (decision 100): the page loads what its tab shows and what Manage needs,
 * nothing of the other tabs. A tab the member's role may not open, or one that does not exist,
 * is the overview.
 */
describe("the application page's tabs", () => {
  it("load only their own section", async () => {
    const owner = await createStaff(app.t.db, app.t.auth);
    const job = await createTestJob(app.t.db, owner.staff);
    const application = await createTestApplication(app.t.db, job);
    await app.t.db.execute(sql`insert into notes (company_id, candidate_id, application_id, author_id, body)
      values (${owner.staff.companyId}, ${application.candidateId}, ${application.id}, ${owner.staff.userId}, 'A note')`);
    await app.t.db.execute(sql`insert into email_messages (company_id, application_id, kind, "to", subject, body, status, attempts, sent_at)
      values (${owner.staff.companyId}, ${application.id}, 'message', 'c@example.test', 'An email', 'Hello', 'sent', 1, now())`);
    type Page = Awaited<ReturnType<typeof applicationRoute.loader>>;
    const load = async (query: string) =>
      (await callLoader(applicationRoute.loader, { path: `/applications/${application.id}${query}`, cookie: owner.cookie, params: { applicationId: application.id } })).data as Page;

    const overview = await load("");
    expect(overview.tab).toBe("overview");
    expect(overview.tabs.map((tab) => [tab.label, tab.href])).toEqual([
      ["Overview", `/applications/${application.id}`],
      ["Feedback", `/applications/${application.id}?tab=feedback`],
      ["Emails", `/applications/${application.id}?tab=email`],
      ["Notes", `/applications/${application.id}?tab=notes`],
      ["History", `/applications/${application.id}?tab=history`],
    ]);
    expect({ emails: overview.emails, notes: overview.notes, history: overview.history, scorecards: overview.scorecards }).toEqual({ emails: [], notes: [], history: [], scorecards: null });
    // Manage is on every tab: the reject dialog's reasons and email are there.
    expect(overview.rejection?.reasons.length).toBeGreaterThan(0);
    expect((await load("?tab=bogus")).tab).toBe("overview");

    const notes = await load("?tab=notes");
    expect(notes.notes.map((note) => note.body)).toEqual(["A note"]);
    expect({ emails: notes.emails, history: notes.history, scorecards: notes.scorecards }).toEqual({ emails: [], history: [], scorecards: null });
    expect((await load("?tab=email")).emails.map((email) => email.subject)).toEqual(["An email"]);
    expect((await load("?tab=feedback")).scorecards?.attributes.length).toBeGreaterThan(0);
    expect((await load("?tab=history")).history).toEqual([]);
    const route = { path: `/applications/${application.id}?tab=history`, cookie: owner.cookie, params: { applicationId: application.id } };
    await callAction(applicationRoute.action, { ...route, form: { intent: "status", status: "withdrawn" } });
    expect((await load("?tab=history")).history).toHaveLength(1);
  });
});
