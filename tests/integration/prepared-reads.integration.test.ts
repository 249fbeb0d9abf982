import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications } from "../../db/schema";
import { getApplicationDetail } from "~/server/applications/queries.server";
import { listSubjectActivity } from "~/server/activity/queries.server";
import { preparedRead } from "~/server/platform/tenancy.server";
import { requestFeedback } from "~/server/team/feedback-requests.server";
import { createMember, createStaff, createTestApplication, createTestJob } from "../factories";
import { setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();
const db = () => app.t.db;

/*
 * Hot reads built once and prepared (decision 100): the actor's company and user are placeholders,
 * filled in on every call, and each role scope has its own statement. A statement kept for one
 * actor must never answer for another.
 */
describe("prepared reads", () => {
  it("answer each actor by their own company and role, whoever asked first", async () => {
    const owner = await createStaff(db(), app.t.auth);
    const interviewer = await createMember(db(), app.t.auth, owner.staff, "interviewer", { fullName: "Ivo Interviewer" });
    const stranger = await createStaff(db(), app.t.auth);
    const job = await createTestJob(db(), owner.staff);
    const application = await createTestApplication(db(), job, { candidateName: "Grace Hopper" });

    expect((await getApplicationDetail(db(), owner.staff, application.id))?.candidateName).toBe("Grace Hopper");
    // The same statement for another company's admin: their company is filled in, not the first caller's.
    expect(await getApplicationDetail(db(), stranger.staff, application.id)).toBeNull();
    // An interviewer's scope is a statement of its own: not asked, not seen; asked, seen.
    expect(await getApplicationDetail(db(), interviewer.staff, application.id)).toBeNull();
    await requestFeedback(db(), owner.staff, application.id, [interviewer.staff.userId]);
    expect((await getApplicationDetail(db(), interviewer.staff, application.id))?.candidateName).toBe("Grace Hopper");
    expect((await getApplicationDetail(db(), owner.staff, application.id))?.candidateName).toBe("Grace Hopper");
    expect(await listSubjectActivity(db(), stranger.staff, application.id)).toEqual([]);
  });

  it("are built once per database and role scope, and take their values on every call", async () => {
    const owner = await createStaff(db(), app.t.auth);
    const interviewer = await createMember(db(), app.t.auth, owner.staff, "interviewer");
    const job = await createTestJob(db(), owner.staff);
    const first = await createTestApplication(db(), job, { candidateName: "First" });
    const second = await createTestApplication(db(), job, { candidateName: "Second" });
    let builds = 0;
    const nameOf = (actor: typeof owner.staff, id: string) =>
      preparedRead(
        db(),
        actor,
        "test_candidate_name",
        (actor) => {
          builds += 1;
          return db()
            .select({ name: applications.candidateName })
            .from(applications)
            .where(sql`${applications.id} = ${sql.placeholder("id")} and ${applications.companyId} = ${actor.companyId}`);
        },
        { id },
      );
    expect(await nameOf(owner.staff, first.id)).toEqual([{ name: "First" }]);
    expect(await nameOf(owner.staff, second.id)).toEqual([{ name: "Second" }]);
    expect(builds).toBe(1);
    await nameOf(interviewer.staff, first.id);
    expect(builds).toBe(2);
  });
});
