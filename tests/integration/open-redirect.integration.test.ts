import { describe, expect, it } from "vitest";
import * as login from "~/routes/auth/login";
import * as verifyEmail from "~/routes/auth/verify-email";
import * as jobsStatus from "~/routes/staff/jobs-status";
import { createStaff, createTestJob, TEST_PASSWORD } from "../factories";
import { callAction, callLoader, type RouteAnswer, setUpAppTestDatabase } from "../helpers/route-test";
import { OPEN_REDIRECT_PAYLOADS } from "../helpers/hostile-input";

const bed = setUpAppTestDatabase();

/** The Location of a redirect, whether the route returned or threw it. */
async function locationOf(answer: Promise<RouteAnswer<unknown>>): Promise<string | null> {
  const result = await answer;
  expect(result.response).toBeInstanceOf(Response);
  return result.headers.get("Location");
}

describe("no open redirect through redirectTo", () => {
  it("password sign-in lands on /dashboard for every payload", async () => {
    const { email } = await createStaff(bed.t.db, bed.t.auth);
    for (const [i, redirectTo] of OPEN_REDIRECT_PAYLOADS.entries()) {
      const answer = callAction(login.action, { path: "/login", form: { email, password: TEST_PASSWORD, redirectTo }, ip: `192.0.2.${i + 1}` });
      expect(await locationOf(answer), redirectTo).toBe("/dashboard");
    }
  });

  it("the sign-in page sends a signed-in visitor to /dashboard for every payload", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.t.auth);
    for (const redirectTo of OPEN_REDIRECT_PAYLOADS) {
      const answer = callLoader(login.loader, { path: `/login?${new URLSearchParams({ redirectTo })}`, cookie });
      expect(await locationOf(answer), redirectTo).toBe("/dashboard");
    }
  });

  it("changing a job's status and resending the confirmation link stay on this site", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    const job = await createTestJob(bed.t.db, staff);
    for (const redirectTo of OPEN_REDIRECT_PAYLOADS) {
      const status = callAction(jobsStatus.action, { path: `/manage/jobs/${job.id}/status`, form: { status: "draft", redirectTo }, cookie, params: { id: job.id } });
      expect(await locationOf(status), redirectTo).toBe(`/manage/jobs/${job.id}/edit`);
    }
    const resend = callAction(verifyEmail.action, { path: "/verify-email", form: { redirectTo: OPEN_REDIRECT_PAYLOADS[0]! }, cookie });
    expect(await locationOf(resend)).toMatch(/^\/dashboard\?verification=/);
  });
});
