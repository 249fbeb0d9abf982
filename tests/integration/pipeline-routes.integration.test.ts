import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import * as applicationRoute from "~/routes/staff/application";
import * as templatesRoute from "~/routes/staff/email-templates";
import * as editTemplateRoute from "~/routes/staff/email-templates-edit";
import * as pipelineRoute from "~/routes/staff/pipeline";
import { createEmailTemplate } from "~/server/mail/email-templates.server";
import { createStaff, createTestApplication, createTestJob } from "../factories";
import { routeContext, setUpAppTestDatabase } from "../helpers/route-test";

const bed = setUpAppTestDatabase();

const context = () => routeContext();

type Args = { request: Request; context: RouterContextProvider; params: Record<string, string> };
async function call(fn: unknown, args: Args): Promise<{ status: number; body: unknown }> {
  try {
    const result = await (fn as (a: Args) => Promise<unknown>)(args);
    if (result && typeof result === "object" && "type" in result && (result as { type: string }).type === "DataWithResponseInit") {
      const d = result as unknown as { data: unknown; init: { status?: number } | null };
      return { status: d.init?.status ?? 200, body: d.data };
    }
    return { status: 200, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null };
    const d = thrown as { data?: unknown; init?: { status?: number } };
    if (d && typeof d === "object" && "init" in d) return { status: d.init?.status ?? 500, body: d.data };
    throw thrown;
  }
}

const form = (values: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(values)) body.set(k, v);
  return body;
};

describe("staff routes answer 404 for another company's ids", () => {
  it("board, move, application page and template editor", async () => {
    const mine = await createStaff(bed.t.db, bed.t.auth);
    const theirs = await createStaff(bed.t.db, bed.t.auth);
    const myJob = await createTestJob(bed.t.db, mine.staff);
    const theirJob = await createTestJob(bed.t.db, theirs.staff);
    const theirApplication = await createTestApplication(bed.t.db, theirJob);
    const myApplication = await createTestApplication(bed.t.db, myJob);
    const theirTemplate = await createEmailTemplate(bed.t.db, theirs.staff, { name: "T", subject: "S", body: "B" });
    const get = (url: string) => new Request(`http://localhost${url}`, { headers: { cookie: mine.cookie } });
    const post = (url: string, values: Record<string, string>) =>
      new Request(`http://localhost${url}`, { method: "POST", headers: { cookie: mine.cookie }, body: form(values) });

    expect((await call(pipelineRoute.loader, { request: get(`/manage/jobs/${myJob.id}`), context: context(), params: { jobId: myJob.id } })).status).toBe(200);
    expect((await call(pipelineRoute.loader, { request: get(`/manage/jobs/${theirJob.id}`), context: context(), params: { jobId: theirJob.id } })).status).toBe(404);

    const move = (applicationId: string, stageId: string, jobId = myJob.id) =>
      call(pipelineRoute.action, {
        request: post(`/manage/jobs/${jobId}`, { intent: "move", applicationId, stageId }),
        context: context(),
        params: { jobId },
      });
    expect(await move(theirApplication.id, theirJob.stages[1]!.id, theirJob.id)).toMatchObject({ status: 404, body: { ok: false } });
    expect(await move(myApplication.id, theirJob.stages[1]!.id)).toMatchObject({
      status: 400,
      body: { ok: false, error: "That stage is not part of this job's pipeline." },
    });
    expect(await move(myApplication.id, "not-a-uuid")).toMatchObject({ status: 400, body: { ok: false } });
    expect(await move(myApplication.id, myJob.stages[2]!.id)).toMatchObject({ status: 200, body: { ok: true } });

    const appArgs = (id: string) => ({ request: get(`/applications/${id}`), context: context(), params: { applicationId: id } });
    expect((await call(applicationRoute.loader, appArgs(myApplication.id))).status).toBe(200);
    expect((await call(applicationRoute.loader, appArgs(theirApplication.id))).status).toBe(404);
    expect(
      (
        await call(applicationRoute.action, {
          request: post(`/applications/${theirApplication.id}`, { intent: "status", status: "rejected" }),
          context: context(),
          params: { applicationId: theirApplication.id },
        })
      ).status,
    ).toBe(404);

    expect(
      (await call(editTemplateRoute.loader, { request: get(`/email-templates/${theirTemplate.id}/edit`), context: context(), params: { templateId: theirTemplate.id } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(editTemplateRoute.action, {
          request: post(`/email-templates/${theirTemplate.id}/edit`, { name: "Hacked", subject: "S", body: "B" }),
          context: context(),
          params: { templateId: theirTemplate.id },
        })
      ).status,
    ).toBe(404);

    // Deleting from the list: the id is read with idField; a template that is not the company's is gone too.
    const remove = (values: Record<string, string>) =>
      call(templatesRoute.action, { request: post("/email-templates", values), context: context(), params: {} });
    const gone = { status: 404, body: { error: "That template no longer exists." } };
    expect(await remove({ intent: "delete", id: "nope" })).toMatchObject(gone);
    expect(await remove({ intent: "delete" })).toMatchObject(gone);
    expect(await remove({ intent: "delete", id: theirTemplate.id })).toMatchObject(gone);
    expect(await remove({ intent: "rename", id: theirTemplate.id })).toMatchObject({ status: 400, body: { error: "Unknown request." } });
  });
});
