import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications, candidates } from "../../db/schema";
import * as applyRoute from "../../app/routes/job-board/job-apply";
import { listCandidates } from "~/server/candidates/queries.server";
import { applicationValues, createStaff, createTestJob, SAMPLE_FORM_SCHEMA } from "../factories";
import { callAction, setUpAppTestDatabase } from "../helpers/route-test";

const bed = setUpAppTestDatabase();

/** The source of the application (and its new candidate) stored for an email. */
async function sourcesOf(email: string) {
  const db = bed.t.db;
  const [application] = await db.select({ source: applications.source, detail: applications.sourceDetail }).from(applications).where(eq(applications.candidateEmail, email));
  const [candidate] = await db.select({ source: candidates.source, detail: candidates.sourceDetail }).from(candidates).where(eq(candidates.email, email));
  return { application, candidate };
}

describe("the source of an application", () => {
  it("is the campaign or the referring site the form carries, the campaign in the page's address without them, else the job board", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    const job = await createTestJob(bed.t.db, staff, { form_schema: SAMPLE_FORM_SCHEMA });
    const apply = (email: string, extra: Record<string, string>, query = "", ip = "10.9.0.1") =>
      callAction(applyRoute.action, {
        path: `/jobs/${job.id}/backend-engineer/apply${query}`,
        params: { id: job.id },
        form: { ...applicationValues({ candidate_email: email }), ...extra },
        ip,
      });

    await apply("campaign@example.test", { utm_source: "linkedin", utm_medium: "social", utm_campaign: "spring", referrer: "" });
    expect(await sourcesOf("campaign@example.test")).toEqual({
      application: { source: "campaign", detail: "linkedin / social / spring" },
      candidate: { source: "campaign", detail: "linkedin / social / spring" },
    });
    await apply("site@example.test", { utm_source: "", referrer: "https://news.ycombinator.com/item?id=1" });
    expect((await sourcesOf("site@example.test")).application).toEqual({ source: "referrer", detail: "news.ycombinator.com" });
    // Without JavaScript the hidden fields are empty: the apply page's own address still carries the campaign.
    await apply("nojs@example.test", {}, "?utm_source=newsletter&utm_campaign=june");
    expect((await sourcesOf("nojs@example.test")).application).toEqual({ source: "campaign", detail: "newsletter / june" });
    await apply("plain@example.test", { referrer: "javascript:alert(1)" });
    expect((await sourcesOf("plain@example.test")).application).toEqual({ source: "job_board", detail: null });

    const names = async (source: Parameters<typeof listCandidates>[2]["source"]) =>
      (await listCandidates(bed.t.db, staff, { source })).rows.map((row) => row.email).sort();
    expect(await names("campaign")).toEqual(["campaign@example.test", "nojs@example.test"]);
    expect(await names("referrer")).toEqual(["site@example.test"]);
    expect(await names("job_board")).toEqual(["plain@example.test"]);
    expect(await names("added")).toEqual([]);
  });
});
