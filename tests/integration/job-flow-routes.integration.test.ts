import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import * as editRoute from "~/routes/staff/jobs-edit";
import * as newRoute from "~/routes/staff/jobs-new";
import * as previewRoute from "~/routes/staff/jobs-preview";
import * as statusRoute from "~/routes/staff/jobs-status";
import * as layoutRoute from "~/routes/staff/layout";
import { createJob } from "~/server/jobs/jobs.server";
import { createStaff, jobInput } from "../factories";
import { callAction, callLoader, type RouteAnswer, setUpAppTestDatabase } from "../helpers/route-test";

/** Issue 10: a new job is published or saved as a draft, a draft is previewed, and every save says so after its redirect. */

const bed = setUpAppTestDatabase();

function jobForm(title: string, intent?: string): Record<string, string> {
  const values: Record<string, string> = { title, description: "Keep the light burning.", "stages.0.name": "Applied", "stages.1.name": "Hired" };
  if (intent) values.intent = intent;
  return values;
}

const signedIn = () => createStaff(bed.t.db, bed.t.auth);

/** The redirect's address and the notice its cookie carries (undefined without one). */
function redirectOf(answer: RouteAnswer<unknown>) {
  expect(answer.response).toBeInstanceOf(Response);
  expect(answer.status).toBe(302);
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith("openhire_notice="));
  return { location: answer.headers.get("Location"), notice: cookie?.split(";")[0], code: /=([a-z-]+)\./.exec(cookie ?? "")?.[1] };
}

const statusOf = async (title: string) => (await bed.t.db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(eq(jobs.title, title)))[0];

describe("posting a job", () => {
  it("Create Job publishes and lands on the jobs list saying so", async () => {
    const { cookie } = await signedIn();
    const answer = redirectOf(await callAction(newRoute.action, { path: "/manage/jobs/new", form: jobForm("Published keeper", "publish"), cookie }));
    expect(answer).toMatchObject({ location: "/manage/jobs", code: "job-published" });
    expect((await statusOf("Published keeper"))?.status).toBe("published");
  });

  it("Save as draft keeps it off the board and lands on its preview saying so", async () => {
    const { cookie } = await signedIn();
    const answer = redirectOf(await callAction(newRoute.action, { path: "/manage/jobs/new", form: jobForm("Drafted keeper", "draft"), cookie }));
    const job = await statusOf("Drafted keeper");
    expect(job?.status).toBe("draft");
    expect(answer).toMatchObject({ location: `/manage/jobs/${job!.id}/preview`, code: "draft-saved" });
  });

  it("a post without a button's intent publishes, as the spec creates a job", async () => {
    const { cookie } = await signedIn();
    redirectOf(await callAction(newRoute.action, { path: "/manage/jobs/new", form: jobForm("Plain post keeper"), cookie }));
    expect((await statusOf("Plain post keeper"))?.status).toBe("published");
  });

  it("a refused form answers 400 with no notice and writes nothing", async () => {
    const { cookie } = await signedIn();
    const answer = await callAction(newRoute.action, { path: "/manage/jobs/new", form: jobForm("", "draft"), cookie });
    expect(answer).toMatchObject({ status: 400, thrown: false, response: undefined });
  });
});

describe("editing and status changes", () => {
  it("saving a draft goes to its preview, a published job to the list, both with 'Changes saved.'", async () => {
    const { staff, cookie } = await signedIn();
    const draft = await createJob(bed.t.db, staff, jobInput({ title: "Edit me, draft" }), { status: "draft" });
    const live = await createJob(bed.t.db, staff, jobInput({ title: "Edit me, live" }));
    const edit = (id: string, title: string) => callAction(editRoute.action, { path: `/manage/jobs/${id}/edit`, form: jobForm(title, "save"), cookie, params: { id } });
    expect(redirectOf(await edit(draft.id, "Edited draft"))).toMatchObject({ location: `/manage/jobs/${draft.id}/preview`, code: "changes-saved" });
    expect(redirectOf(await edit(live.id, "Edited live"))).toMatchObject({ location: "/manage/jobs", code: "changes-saved" });
  });

  it("each status button says what it did; a button of the status the job already has says nothing", async () => {
    const { staff, cookie } = await signedIn();
    const { id } = await createJob(bed.t.db, staff, jobInput({ title: "Status keeper" }), { status: "draft" });
    const set = async (status: string) =>
      redirectOf(await callAction(statusRoute.action, { path: `/manage/jobs/${id}/status`, form: { status, redirectTo: "/manage/jobs" }, cookie, params: { id } }));
    expect(await set("published")).toMatchObject({ location: "/manage/jobs", code: "job-published" });
    expect(await set("published")).toMatchObject({ location: "/manage/jobs", notice: undefined });
    expect(await set("closed")).toMatchObject({ code: "job-closed" });
    expect(await set("published")).toMatchObject({ code: "job-reopened" });
    expect(await set("draft")).toMatchObject({ code: "job-drafted" });
  });
});

describe("the preview and the notice", () => {
  it("shows a draft of the company as its public page would, with its facts and salary", async () => {
    const { staff, cookie } = await signedIn();
    const { id } = await createJob(
      bed.t.db,
      staff,
      jobInput({ title: "Preview keeper", location: "Sagres", salary_min: "40000", salary_max: "50000", salary_currency: "EUR", salary_period: "yearly" }),
      { status: "draft" },
    );
    const { data: page } = await callLoader(previewRoute.loader, { path: `/manage/jobs/${id}/preview`, cookie, params: { id } });
    expect(page).toMatchObject({ id, status: "draft", page: { apply: false, path: `/jobs/${id}/preview-keeper`, job: { title: "Preview keeper", location: "Sagres" } } });
    expect(page.page.job.salary).toBe("€40,000 - €50,000 yearly");
    expect(page.page.job.companyName).toBeTruthy();
  });

  it("the staff layout shows the notice of the redirect once and clears its cookie", async () => {
    const { cookie } = await signedIn();
    const layout = await callLoader(layoutRoute.loader, { path: "/manage/jobs", cookie: `${cookie}; openhire_notice=job-published.0123456789ab` });
    expect(layout.data.notice).toEqual({ id: "0123456789ab", message: "Job published." });
    expect(layout.responseCookies).toEqual([expect.stringMatching(/^openhire_notice=; Path=\/; Max-Age=0/)]);

    const quiet = await callLoader(layoutRoute.loader, { path: "/manage/jobs", cookie });
    expect(quiet.data.notice).toBeUndefined();
  });
});
