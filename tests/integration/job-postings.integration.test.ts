import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEvents, jobs } from "../../db/schema";
import * as jobPageRoute from "~/routes/job-board/job";
import * as boardRoute from "~/routes/job-board/board";
import * as editRoute from "~/routes/staff/jobs-edit";
import * as newRoute from "~/routes/staff/jobs-new";
import { invalidateJobBoardCache } from "~/server/job-board/cache.server";
import { closeExpiredJobs } from "~/server/jobs/closing.server";
import { setJobStatus } from "~/server/jobs/jobs.server";
import { jobPath } from "~/lib/slug";
import { createStaff, createTestJob } from "../factories";
import { googleJobPostingProblems } from "../helpers/google-job-posting";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

/** Issue 16: a job's Markdown, remote countries, salary and closing date, as staff save them and the public page and its JSON-LD show them. */

const bed = setUpAppTestDatabase();

const DESCRIPTION = "## What you will do\n- Ship the **API**\n- Review code\n\nApply via [our site](https://acme.test).<script>alert(1)</script>";

function jobForm(values: Record<string, string>): Record<string, string> {
  return { title: "Remote Platform Engineer", description: DESCRIPTION, "stages.0.name": "Applied", "stages.1.name": "Hired", intent: "publish", ...values };
}

const jobNamed = async (title: string) => (await bed.t.db.select().from(jobs).where(eq(jobs.title, title)))[0]!;

async function publicPage(job: { id: string; title: string }) {
  const [, , id, slug] = jobPath(job).split("/");
  invalidateJobBoardCache();
  return callLoader(jobPageRoute.loader, { path: jobPath(job), params: { id: id!, slug: slug! } });
}

describe("a job's posting", () => {
  it("stores the countries and the closing day the form names, and the page and its JSON-LD carry them", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.t.auth);
    const answer = await callAction(newRoute.action, {
      path: "/manage/jobs/new",
      cookie,
      form: jobForm({
        remote_type: "remote",
        remote_countries: "United States, ca; Germany",
        closes_on: "2099-03-31",
        salary_min: "90k",
        salary_max: "120,000",
        salary_currency: "usd",
        salary_period: "yearly",
      }),
    });
    expect(answer.status).toBe(302);
    const job = await jobNamed("Remote Platform Engineer");
    expect(job).toMatchObject({ remoteCountries: ["US", "CA", "DE"], closesOn: "2099-03-31", salaryMin: "90000", salaryCurrency: "USD" });

    const { data: page } = await publicPage(job);
    if (page.status !== "published") throw new Error("not published");
    expect(page.job.descriptionHtml).toContain("<h3>What you will do</h3>");
    expect(page.job.descriptionHtml).toContain("<li>Ship the <strong>API</strong></li>");
    expect(page.job.descriptionHtml).not.toContain("<script");
    expect(page.job.remoteFrom).toBe("United States, Canada, Germany");
    expect(page.job.salary).toBe("$90,000 - $120,000 yearly");

    const ld = JSON.parse(page.jsonLd) as Record<string, unknown>;
    expect(googleJobPostingProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      description: page.job.descriptionHtml,
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: [{ name: "United States" }, { name: "Canada" }, { name: "Germany" }],
      validThrough: "2099-03-31T23:59:59Z",
      baseSalary: { currency: "USD", value: { minValue: 90000, maxValue: 120000, unitText: "YEAR" } },
    });

    // The edit form shows what was saved as staff typed it: names, and the day.
    const { data: edit } = await callLoader(editRoute.loader, { path: `/manage/jobs/${job.id}/edit`, cookie, params: { id: job.id } });
    expect(edit.state).toMatchObject({ remote_countries: "United States, Canada, Germany", closes_on: "2099-03-31" });
  });

  it("refuses a country it does not know, a past closing day and a salary out of order, keeping what was typed", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.t.auth);
    const answer = await callAction(newRoute.action, {
      path: "/manage/jobs/new",
      cookie,
      form: jobForm({ title: "Refused posting", remote_countries: "Canada, Atlantis", closes_on: "2020-01-01", salary_min: "60k", salary_max: "40,000", salary_currency: "EU" }),
    });
    expect(answer.status).toBe(400);
    const errors = (answer.data as { errors: Record<string, string> }).errors;
    expect(errors).toMatchObject({
      remote_countries: "“Atlantis” is not a country we know. Use its name or two-letter code, e.g. Germany or DE",
      closes_on: "The closing date has passed. Choose today or a later day.",
      salary_currency: "Enter a three-letter ISO 4217 currency code, e.g. USD or EUR",
    });
    expect(await bed.t.db.select().from(jobs).where(eq(jobs.title, "Refused posting"))).toHaveLength(0);
  });

  it("shows a board card's text as plain words and never publishes a salary saved before salaries were checked", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    const { id } = await createTestJob(bed.t.db, staff, { title: "Legacy salary keeper", description: "We offer:\n\n- **health**\n- equity" });
    await bed.t.db.update(jobs).set({ salaryMin: "60k", salaryMax: "40,000", salaryCurrency: "EU" }).where(eq(jobs.id, id));
    invalidateJobBoardCache();
    const { data: board } = await callLoader(boardRoute.loader, { path: "/jobs?q=legacy%20salary%20keeper" });
    const card = board.jobs.find((job) => job.id === id)!;
    expect(card.description).toBe("We offer: health. equity.");
    expect(card.salary).toBeNull();
    const { data: page } = await publicPage({ id, title: "Legacy salary keeper" });
    if (page.status !== "published") throw new Error("not published");
    expect(page.job.salary).toBeNull();
    expect(JSON.parse(page.jsonLd)).not.toHaveProperty("baseSalary");
  });
});

describe("closing dates", () => {
  it("close exactly the published jobs whose day has ended in UTC, in every company, each with its history event", async () => {
    const a = await createStaff(bed.t.db, bed.t.auth);
    const b = await createStaff(bed.t.db, bed.t.auth);
    const ended = await createTestJob(bed.t.db, a.staff, { title: "Ended yesterday" });
    const endsToday = await createTestJob(bed.t.db, a.staff, { title: "Ends today" });
    const otherCompany = await createTestJob(bed.t.db, b.staff, { title: "Ended elsewhere" });
    const draft = await createTestJob(bed.t.db, b.staff, { title: "Draft past its day" });
    const open = await createTestJob(bed.t.db, b.staff, { title: "No closing day" });
    const setDay = (id: string, day: string) => bed.t.db.update(jobs).set({ closesOn: day }).where(eq(jobs.id, id));
    await setDay(ended.id, "2031-06-14");
    await setDay(endsToday.id, "2031-06-15");
    await setDay(otherCompany.id, "2031-06-01");
    await setDay(draft.id, "2031-06-01");
    await bed.t.db.update(jobs).set({ status: "draft" }).where(eq(jobs.id, draft.id));

    // 23:30 on 15 June 2031 in UTC is already 16 June in Tokyo: UTC's day decides.
    const closed = await closeExpiredJobs(bed.t.db, new Date("2031-06-15T23:30:00Z"));
    expect(closed.map((job) => job.title).sort()).toEqual(["Ended elsewhere", "Ended yesterday"]);
    const statuses = await Promise.all([ended, endsToday, otherCompany, draft, open].map(async (job) => (await bed.t.db.select({ s: jobs.status }).from(jobs).where(eq(jobs.id, job.id)))[0]!.s));
    expect(statuses).toEqual(["closed", "published", "closed", "draft", "published"]);

    const [event] = await bed.t.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.subjectId, ended.id), eq(activityEvents.type, "job_status_changed")));
    expect(event).toMatchObject({ companyId: a.staff.companyId, actorId: null, type: "job_status_changed", data: { from: "published", to: "closed", reason: "closing date passed" } });
    expect(await closeExpiredJobs(bed.t.db, new Date("2031-06-15T23:59:00Z"))).toEqual([]);
    expect((await closeExpiredJobs(bed.t.db, new Date("2031-06-16T00:01:00Z"))).map((job) => job.title)).toEqual(["Ends today"]);
  });

  it("are forgotten when staff reopen a job whose day has passed, so it stays open", async () => {
    const { staff } = await createStaff(bed.t.db, bed.t.auth);
    const job = await createTestJob(bed.t.db, staff, { title: "Reopened after its day" });
    await bed.t.db.update(jobs).set({ closesOn: "2020-01-31", status: "closed" }).where(eq(jobs.id, job.id));
    await setJobStatus(bed.t.db, staff, job.id, "published");
    const [row] = await bed.t.db.select({ status: jobs.status, closesOn: jobs.closesOn }).from(jobs).where(eq(jobs.id, job.id));
    expect(row).toEqual({ status: "published", closesOn: null });
    expect(await closeExpiredJobs(bed.t.db)).not.toContainEqual(expect.objectContaining({ id: job.id }));
  });
});
