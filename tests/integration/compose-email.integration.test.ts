import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailMessages } from "../../db/schema";
import * as applicationRoute from "~/routes/staff/application";
import { createStaff, createTestApplication, createTestJob, createTestTemplate, uniqueEmail } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const app = setUpAppTestDatabase();

async function setup() {
  const owner = await createStaff(app.t.db, app.t.auth);
  const job = await createTestJob(app.t.db, owner.staff, { title: "Lighthouse Keeper" });
  const application = await createTestApplication(app.t.db, job, { candidateName: "Grace Hopper", candidateEmail: uniqueEmail("grace") });
  const route = { path: `/applications/${application.id}`, cookie: owner.cookie, params: { applicationId: application.id } };
  const sent = () => app.t.db.select({ subject: emailMessages.subject, body: emailMessages.body, kind: emailMessages.kind }).from(emailMessages).where(eq(emailMessages.applicationId, application.id));
  return { owner, application, route, sent };
}

describe("emailing a candidate from the application page (issue 13)", () => {
  it("starts from a template filled in for the candidate, and sends the text as the recruiter edited it", async () => {
    const { owner, route, sent } = await setup();
    const template = await createTestTemplate(app.t.db, owner.staff, { name: "Invite", subject: "Interview: {{job_title}}", body: "Hi {{candidate_name}}," });
    const page = await callLoader(applicationRoute.loader, { ...route, path: `${route.path}?template=${template.id}` });
    expect(page.data!.preview).toMatchObject({ templateId: template.id, subject: "Interview: Lighthouse Keeper", body: "Hi Grace Hopper," });

    const answer = await callAction(applicationRoute.action, { ...route, form: { intent: "send-email", subject: "Interview: Lighthouse Keeper", body: "Hi Grace Hopper,\nhow about Tuesday?" } });
    expect(answer).toMatchObject({ status: 200, data: { done: "Email sent to the candidate." } });
    expect(await sent()).toEqual([{ subject: "Interview: Lighthouse Keeper", body: "Hi Grace Hopper,\nhow about Tuesday?", kind: "message" }]);
  });

  it("refuses an empty or over-long email and an unknown merge field, says why, keeps the text, and sends nothing", async () => {
    const { route, sent } = await setup();
    const send = (form: Record<string, string>) => callAction(applicationRoute.action, { ...route, form: { intent: "send-email", ...form } });
    expect(await send({ subject: "", body: "" })).toMatchObject({ status: 400, data: { errors: { subject: "Subject is required", body: "Body is required" } } });
    expect(await send({ subject: "S", body: "x".repeat(20001) })).toMatchObject({ status: 400, data: { errors: { body: "Body must be at most 20,000 characters" } } });
    expect(await send({ subject: "Hello {{ first_name }}", body: "Dear {{candidate}}" })).toMatchObject({
      status: 400,
      data: {
        errors: { subject: expect.stringMatching(/^Unknown merge field \{\{ first_name \}\}\. Known fields: \{\{candidate_name\}\}/), body: expect.stringContaining("{{candidate}}") },
        emailValues: { subject: "Hello {{ first_name }}", body: "Dear {{candidate}}" },
      },
    });
    expect(await sent()).toEqual([]);
  });

  it("is a 404 for another company's application, and nothing is sent", async () => {
    const { application, sent } = await setup();
    const stranger = await createStaff(app.t.db, app.t.auth);
    const answer = await callAction(applicationRoute.action, {
      path: `/applications/${application.id}`,
      cookie: stranger.cookie,
      params: { applicationId: application.id },
      form: { intent: "send-email", subject: "S", body: "B" },
    });
    expect(answer.status).toBe(404);
    expect(await sent()).toEqual([]);
  });
});
