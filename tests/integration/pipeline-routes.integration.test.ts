import { describe, expect, it } from "vitest";
import * as applicationRoute from "~/routes/staff/application";
import * as templatesRoute from "~/routes/staff/email-templates";
import * as editTemplateRoute from "~/routes/staff/email-templates-edit";
import * as pipelineRoute from "~/routes/staff/pipeline";
import { createEmailTemplate } from "~/server/mail/email-templates.server";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const bed = setUpAppTestDatabase();

describe("staff routes answer 404 for another company's ids", () => {
  it("board, move, application page and template editor", async () => {
    const mine = await createStaff(bed.t.db, bed.t.auth);
    const theirs = await createStaff(bed.t.db, bed.t.auth);
    const myJob = await createTestJob(bed.t.db, mine.staff);
    const theirJob = await createTestJob(bed.t.db, theirs.staff);
    const theirApplication = await createTestApplication(bed.t.db, theirJob);
    const myApplication = await createTestApplication(bed.t.db, myJob);
    const theirTemplate = await createEmailTemplate(bed.t.db, theirs.staff, { name: "T", subject: "S", body: "B" });
    const { cookie } = mine;

    expect((await callLoader(pipelineRoute.loader, { path: `/manage/jobs/${myJob.id}`, cookie, params: { jobId: myJob.id } })).status).toBe(200);
    expect((await callLoader(pipelineRoute.loader, { path: `/manage/jobs/${theirJob.id}`, cookie, params: { jobId: theirJob.id } })).status).toBe(404);

    const move = (applicationId: string, stageId: string, jobId = myJob.id) =>
      callAction(pipelineRoute.action, { path: `/manage/jobs/${jobId}`, form: { intent: "move", applicationId, stageId }, cookie, params: { jobId } });
    expect(await move(theirApplication.id, theirJob.stages[1]!.id, theirJob.id)).toMatchObject({ status: 404, data: { ok: false } });
    expect(await move(myApplication.id, theirJob.stages[1]!.id)).toMatchObject({
      status: 400,
      data: { ok: false, error: "That stage is not part of this job's pipeline." },
    });
    expect(await move(myApplication.id, "not-a-uuid")).toMatchObject({ status: 400, data: { ok: false } });
    expect(await move(myApplication.id, myJob.stages[2]!.id)).toMatchObject({ status: 200, data: { ok: true } });

    const application = (id: string) => ({ path: `/applications/${id}`, cookie, params: { applicationId: id } });
    expect((await callLoader(applicationRoute.loader, application(myApplication.id))).status).toBe(200);
    expect((await callLoader(applicationRoute.loader, application(theirApplication.id))).status).toBe(404);
    expect((await callAction(applicationRoute.action, { ...application(theirApplication.id), form: { intent: "status", status: "withdrawn" } })).status).toBe(404);

    const template = { path: `/email-templates/${theirTemplate.id}/edit`, cookie, params: { templateId: theirTemplate.id } };
    expect((await callLoader(editTemplateRoute.loader, template)).status).toBe(404);
    expect((await callAction(editTemplateRoute.action, { ...template, form: { name: "Hacked", subject: "S", body: "B" } })).status).toBe(404);

    // Deleting from the list: the id is read with idField; a template that is not the company's is gone too.
    const remove = (form: Record<string, string>) => callAction(templatesRoute.action, { path: "/email-templates", form, cookie });
    const gone = { status: 404, data: { error: "That template no longer exists." } };
    expect(await remove({ intent: "delete", id: "nope" })).toMatchObject(gone);
    expect(await remove({ intent: "delete" })).toMatchObject(gone);
    expect(await remove({ intent: "delete", id: theirTemplate.id })).toMatchObject(gone);
    expect(await remove({ intent: "rename", id: theirTemplate.id })).toMatchObject({ status: 400, data: { error: "Unknown request." } });
  });
});
