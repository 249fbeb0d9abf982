import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as applicationRoute from "~/routes/staff/application";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();

/*
 * The application page shows the newest 20 emails of the thread and the newest 20 notes, with a
 * link to all of them: its size stays the same however long the conversation grows (issue 13's
 * budget, bench:application).
 */
describe("the application page's thread and notes", () => {
  it("show the newest 20 of each with a link to the rest, and all of them on request", async () => {
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
    type Page = Awaited<ReturnType<typeof applicationRoute.loader>>;
    const load = async (query: string) =>
      (await callLoader(applicationRoute.loader, { path: `/applications/${application.id}${query}`, cookie: owner.cookie, params: { applicationId: application.id } })).data as Page;

    const first = await load("");
    expect(first.emails.map((email) => email.subject)).toEqual(Array.from({ length: 20 }, (_, i) => `email ${i + 1}`));
    expect(first.notes).toHaveLength(20);
    expect(first.more).toEqual({
      thread: `/applications/${application.id}?thread=all#email-heading`,
      notes: `/applications/${application.id}?notes=all#notes-heading`,
    });
    const all = await load("?thread=all&notes=all");
    expect(all.emails).toHaveLength(25);
    expect(all.notes).toHaveLength(25);
    expect(all.more).toEqual({ thread: null, notes: null });
  });
});
