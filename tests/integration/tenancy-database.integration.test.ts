import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, invitations, jobs, pipelineStages } from "../../db/schema";
import { CreateJobSchema, MESSAGES } from "~/schemas/job";
import { MIGRATIONS_FOLDER, queryRows } from "~/server/platform/db.server";
import { updateJob } from "~/server/jobs/jobs.server";
import { inviteMember } from "~/server/team/team.server";
import { createMailer, logTransport } from "~/server/mail/mailer.server";
import { createStaff, createTestApplication, createTestJob, jobInput } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

/** PostgreSQL's error code of a refused statement (drizzle wraps the driver's error), or "accepted". */
async function outcome(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
    return "accepted";
  } catch (error) {
    for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      if (typeof e.code === "string") return e.code;
    }
    throw error;
  }
}

const FOREIGN_KEY_VIOLATION = "23503";
const UNIQUE_VIOLATION = "23505";

async function twoCompanies() {
  const a = await createStaff(t.db, t.auth);
  const b = await createStaff(t.db, t.auth);
  const jobA = await createTestJob(t.db, a.staff);
  const jobB = await createTestJob(t.db, b.staff);
  return { a: a.staff, b: b.staff, jobA, jobB };
}

describe("the database keeps each company's rows together", () => {
  it("refuses a stage of another company's job", async () => {
    const { b, jobA } = await twoCompanies();
    expect(await outcome(t.db.insert(pipelineStages).values({ companyId: b.companyId, jobId: jobA.id, name: "Sneaky", order: 99 }))).toBe(
      FOREIGN_KEY_VIOLATION,
    );
  });

  it("refuses an application of another company's job, or in a stage of another job or company", async () => {
    const { a, b, jobA, jobB } = await twoCompanies();
    const jobA2 = await createTestJob(t.db, a);
    const row = { candidateName: "Eve", candidateEmail: `eve-${jobA.id}@example.test` };
    // B's application to A's job, in A's stage.
    expect(
      await outcome(t.db.insert(applications).values({ ...row, companyId: b.companyId, jobId: jobA.id, currentPipelineStageId: jobA.stages[0]!.id })),
    ).toBe(FOREIGN_KEY_VIOLATION);
    // A's application to A's job, in B's stage, or in a stage of A's other job.
    expect(
      await outcome(t.db.insert(applications).values({ ...row, companyId: a.companyId, jobId: jobA.id, currentPipelineStageId: jobB.stages[0]!.id })),
    ).toBe(FOREIGN_KEY_VIOLATION);
    expect(
      await outcome(t.db.insert(applications).values({ ...row, companyId: a.companyId, jobId: jobA.id, currentPipelineStageId: jobA2.stages[0]!.id })),
    ).toBe(FOREIGN_KEY_VIOLATION);

    // An update that skips the services is refused too.
    const application = await createTestApplication(t.db, jobA);
    const move = (stageId: string) => t.db.update(applications).set({ currentPipelineStageId: stageId }).where(eq(applications.id, application.id));
    expect(await outcome(move(jobB.stages[1]!.id))).toBe(FOREIGN_KEY_VIOLATION);
    expect(await outcome(t.db.update(applications).set({ companyId: b.companyId }).where(eq(applications.id, application.id)))).toBe(
      FOREIGN_KEY_VIOLATION,
    );
    expect(await outcome(move(jobA.stages[1]!.id))).toBe("accepted");
  });

  it("holds one stage of each name and of each order per job", async () => {
    const { jobA } = await twoCompanies();
    const [applied, screening] = jobA.stages;
    const stage = (name: string, order: number) => ({ companyId: jobA.companyId, jobId: jobA.id, name, order });
    expect(await outcome(t.db.insert(pipelineStages).values(stage(applied!.name, 50)))).toBe(UNIQUE_VIOLATION);
    expect(await outcome(t.db.insert(pipelineStages).values(stage("Another", 1)))).toBe(UNIQUE_VIOLATION);
    expect(await outcome(t.db.update(pipelineStages).set({ name: applied!.name }).where(eq(pipelineStages.id, screening!.id)))).toBe(
      UNIQUE_VIOLATION,
    );
    // Another job may use the same name and order.
    const [other] = await t.db.insert(jobs).values({ companyId: jobA.companyId, title: "Other", description: "d" }).returning({ id: jobs.id });
    expect(await outcome(t.db.insert(pipelineStages).values({ ...stage(applied!.name, 1), jobId: other!.id }))).toBe("accepted");
  });

  it("holds at most one open invitation per address per company", async () => {
    const { a, b } = await twoCompanies();
    const invitation = (companyId: string, email: string) => ({
      companyId,
      email,
      tokenHash: `hash-${Math.random()}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const [first] = await t.db.insert(invitations).values(invitation(a.companyId, "pat@example.test")).returning({ id: invitations.id });
    expect(await outcome(t.db.insert(invitations).values(invitation(a.companyId, "Pat@Example.test")))).toBe(UNIQUE_VIOLATION);
    expect(await outcome(t.db.insert(invitations).values(invitation(b.companyId, "pat@example.test")))).toBe("accepted");
    await t.db.update(invitations).set({ revokedAt: new Date() }).where(eq(invitations.id, first!.id));
    expect(await outcome(t.db.insert(invitations).values(invitation(a.companyId, "pat@example.test")))).toBe("accepted");
  });
});

describe("the services within those constraints", () => {
  it("editing a job swaps two stages' names and orders in one save", async () => {
    const { a } = await twoCompanies();
    const job = await createTestJob(t.db, a, { stages: [{ name: "Applied" }, { name: "Phone" }, { name: "Onsite" }] });
    const [applied, phone, onsite] = job.stages;
    await updateJob(
      t.db,
      a,
      job.id,
      jobInput({
        stages: [
          { id: applied!.id, name: "Applied" },
          { id: phone!.id, name: "Onsite" },
          { id: onsite!.id, name: "Phone" },
        ],
      }) as never,
    );
    const after = await t.db
      .select({ id: pipelineStages.id, name: pipelineStages.name, order: pipelineStages.order })
      .from(pipelineStages)
      .where(eq(pipelineStages.jobId, job.id))
      .orderBy(asc(pipelineStages.order));
    expect(after).toEqual([
      { id: applied!.id, name: "Applied", order: 1 },
      { id: phone!.id, name: "Onsite", order: 2 },
      { id: onsite!.id, name: "Phone", order: 3 },
    ]);
  });

  it("a job form with two stages of one name is refused with a message, by the schema and by the save", async () => {
    const result = CreateJobSchema.safeParse({ title: "x", description: "y", stages: [{ name: "Applied" }, { name: "Call" }, { name: "Call" }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["stages"], message: MESSAGES.stageNamesUnique })]);

    const { a } = await twoCompanies();
    const job = await createTestJob(t.db, a, { stages: [{ name: "Applied" }, { name: "Call" }] });
    const input = { ...jobInput(), stages: [{ name: "Applied" }, { name: "Call" }, { name: "Call" }] };
    await expect(updateJob(t.db, a, job.id, input as never)).rejects.toMatchObject({ code: "INVALID", message: MESSAGES.stageNamesUnique });
    expect((await t.db.select().from(pipelineStages).where(eq(pipelineStages.jobId, job.id))).map((s) => s.name).sort()).toEqual(["Applied", "Call"]);
  });

  it("two invitations to one address at once leave one open invitation, and a refused one says why", async () => {
    const { a } = await twoCompanies();
    const mailer = createMailer(t.db, logTransport(() => {}), "OpenHire <no-reply@openhire.test>");
    const email = `twice-${a.companyId}@example.test`;
    const results = await Promise.allSettled([0, 1, 2].map(() => inviteMember(t.db, mailer, a, { email }, "http://openhire.test")));
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "CONFLICT" });
    }
    const open = await t.db
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
    expect(open).toHaveLength(1);
    await mailer.idle();
  });
});

describe("migration 0005 on a database that already has data", () => {
  it("repairs rows an older version could have left inconsistent, then adds the constraints", async () => {
    const db = await createTestDatabase({ migrate: false });
    const before = mkdtempSync(path.join(tmpdir(), "openhire-migrations-"));
    try {
      // The migrations before this one, applied alone.
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
      journal.entries = journal.entries.filter((entry) => entry.idx < 5);
      mkdirSync(path.join(before, "meta"));
      writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify(journal));
      for (const entry of journal.entries) copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
      if (db.kind === "pglite") await migratePglite(db.db as never, { migrationsFolder: before });
      else await migrateNodePg(db.db as never, { migrationsFolder: before });

      const [ca, cb] = await queryRows<{ id: string }>(db.db, sql`insert into companies (name) values ('A'), ('B') returning id`);
      const [ja] = await queryRows<{ id: string }>(db.db, sql`insert into jobs (company_id, title, description) values (${ca!.id}, 'A job', 'd') returning id`);
      const [jb] = await queryRows<{ id: string }>(db.db, sql`insert into jobs (company_id, title, description) values (${cb!.id}, 'B job', 'd') returning id`);
      const stages = await queryRows<{ id: string; name: string }>(
        db.db,
        sql`insert into pipeline_stages (company_id, job_id, name, "order") values
              (${ca!.id}, ${ja!.id}, 'Applied', 1), (${ca!.id}, ${ja!.id}, 'Applied', 1),
              (${cb!.id}, ${ja!.id}, 'Screening', 7), (${cb!.id}, ${jb!.id}, 'Applied', 1)
            returning id, name`,
      );
      const [appliedA, , strayStage, appliedB] = stages;
      const [application] = await queryRows<{ id: string }>(
        db.db,
        sql`insert into applications (company_id, job_id, candidate_name, candidate_email, current_pipeline_stage_id)
            values (${cb!.id}, ${ja!.id}, 'Eve', 'eve@example.test', ${appliedB!.id}) returning id`,
      );
      await db.db.execute(sql`insert into invitations (company_id, email, token_hash, expires_at, created_at) values
        (${ca!.id}, 'pat@example.test', 'h1', now() + interval '1 day', now() - interval '2 hours'),
        (${ca!.id}, 'pat@example.test', 'h2', now() + interval '1 day', now() - interval '1 hour')`);

      await db.migrate();

      const jobStages = await queryRows<{ id: string; company_id: string; name: string; order: number }>(
        db.db,
        sql`select id, company_id, name, "order" from pipeline_stages where job_id = ${ja!.id} order by "order"`,
      );
      expect(jobStages.map((s) => s.order)).toEqual([1, 2, 3]);
      expect(new Set(jobStages.map((s) => s.name)).size).toBe(3);
      expect(jobStages.every((s) => s.company_id === ca!.id)).toBe(true);
      expect(jobStages.find((s) => s.id === strayStage!.id)?.name).toBe("Screening");
      const [repaired] = await queryRows<{ company_id: string; current_pipeline_stage_id: string }>(
        db.db,
        sql`select company_id, current_pipeline_stage_id from applications where id = ${application!.id}`,
      );
      // Its stage was of another job: it goes to its own job's first stage.
      expect(repaired).toEqual({ company_id: ca!.id, current_pipeline_stage_id: jobStages[0]!.id });
      expect([appliedA!.id, stages[1]!.id]).toContain(jobStages[0]!.id);
      const open = await queryRows<{ token_hash: string }>(db.db, sql`select token_hash from invitations where revoked_at is null`);
      expect(open).toEqual([{ token_hash: "h2" }]);
      // And the constraints hold from now on.
      expect(
        await outcome(db.db.execute(sql`insert into pipeline_stages (company_id, job_id, name, "order") values (${cb!.id}, ${ja!.id}, 'X', 9)`)),
      ).toBe(FOREIGN_KEY_VIOLATION);
    } finally {
      rmSync(before, { recursive: true, force: true });
      await db.destroy();
    }
  });
});
