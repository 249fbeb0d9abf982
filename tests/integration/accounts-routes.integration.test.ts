import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as forgotPassword } from "~/routes/auth/forgot-password";
import { action as login } from "~/routes/auth/login";
import { action as settings } from "~/routes/staff/settings";
import { setAppAuth } from "~/server/auth.server";
import { setAppDatabase } from "~/server/db.server";
import { clientIpContext, responseCookiesContext } from "~/server/request-context.server";
import { RATE_LIMITS } from "~/server/services/rate-limit.server";
import { type AccountsTestbed, createAccountsTestbed } from "../factories-accounts";
import { createStaff, TEST_PASSWORD, uniqueEmail } from "../factories";

let bed: AccountsTestbed;
beforeAll(async () => {
  bed = await createAccountsTestbed();
  setAppDatabase(bed.t);
  setAppAuth(bed.auth);
});
afterAll(async () => {
  setAppDatabase(undefined);
  setAppAuth(undefined);
  await bed.destroy();
});

function args(path: string, form: Record<string, string>, ip: string, cookie?: string) {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  context.set(responseCookiesContext, []);
  const headers = new Headers(cookie ? { cookie } : {});
  const request = new Request(`http://openhire.test${path}`, { method: "POST", body: new URLSearchParams(form), headers });
  return { request, context, params: {}, unstable_pattern: path } as never;
}

/** Status of an action's answer (data() or a Response). */
function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  const init = (result as { init?: { status?: number } | null }).init;
  return init?.status ?? 200;
}

describe("abuse limits per account", () => {
  it("limits reset requests for one address even when they come from many IPs, and says nothing more", async () => {
    const { email } = await createStaff(bed.t.db, bed.auth);
    await bed.mailer.idle();
    const before = bed.mailbox.messages.length;
    const limit = RATE_LIMITS.passwordResetAccount.limit;
    for (let i = 0; i < limit; i++) {
      expect(statusOf(await forgotPassword(args("/forgot-password", { email }, `10.0.0.${i + 1}`)))).toBe(200);
    }
    const refused = await forgotPassword(args("/forgot-password", { email }, "10.0.1.1"));
    expect(statusOf(refused)).toBe(429);
    expect(new Headers((refused as { init: ResponseInit }).init.headers).get("Retry-After")).toMatch(/^[1-9]\d*$/);
    await bed.mailer.idle();
    expect(bed.mailbox.messages.slice(before).filter((m) => m.to.includes(email))).toHaveLength(limit);

    // An unknown address gets the same answers, in the same order.
    const stranger = uniqueEmail("nobody");
    for (let i = 0; i < limit; i++) {
      expect(statusOf(await forgotPassword(args("/forgot-password", { email: stranger }, `10.0.2.${i + 1}`)))).toBe(200);
    }
    expect(statusOf(await forgotPassword(args("/forgot-password", { email: stranger }, "10.0.3.1")))).toBe(429);
  });

  it("signs in through the login action and lands on the page it came from", async () => {
    const { email } = await createStaff(bed.t.db, bed.auth);
    const ok = await login(args("/login", { email, password: TEST_PASSWORD, redirectTo: "/manage/jobs" }, "10.1.0.1"));
    expect(ok).toBeInstanceOf(Response);
    expect((ok as Response).headers.get("Location")).toBe("/manage/jobs");
    expect((ok as Response).headers.get("Set-Cookie")).toContain("session_token=");
  });
});

describe("re-entering the password in Settings", () => {
  type Answer = { init: ResponseInit; data: { errors: Record<string, string> } };
  const wrong = {
    password: { intent: "password", currentPassword: "not my password", newPassword: "a brand new passphrase", confirmPassword: "a brand new passphrase" },
    "2fa-start": { intent: "2fa-start", password: "not my password" },
  };

  for (const [intent, form] of Object.entries(wrong)) {
    it(`is limited per account (${intent}): 429 with Retry-After past the limit, from any IP, even with the right password`, async () => {
      const { cookie } = await createStaff(bed.t.db, bed.auth);
      const field = intent === "password" ? "currentPassword" : "password";
      for (let i = 0; i < RATE_LIMITS.passwordConfirmAccount.limit; i++) {
        const answer = (await settings(args("/settings", form, `10.2.0.${i + 1}`, cookie))) as Answer;
        expect(statusOf(answer)).toBe(400);
      }
      const right = intent === "password" ? { ...form, currentPassword: TEST_PASSWORD } : { ...form, password: TEST_PASSWORD };
      const limited = (await settings(args("/settings", right, "10.2.1.1", cookie))) as Answer;
      expect(statusOf(limited)).toBe(429);
      expect(new Headers(limited.init.headers).get("Retry-After")).toMatch(/^\d+$/);
      expect(limited.data.errors[field]).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    });
  }

  it("counts turning two-factor off too, and each account apart", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.auth);
    for (let i = 0; i < RATE_LIMITS.passwordConfirmAccount.limit; i++) {
      expect(statusOf(await settings(args("/settings", { intent: "2fa-disable", password: "not my password" }, "10.3.0.1", cookie)))).toBe(400);
    }
    expect(statusOf(await settings(args("/settings", { intent: "2fa-disable", password: "not my password" }, "10.3.0.1", cookie)))).toBe(429);
    const other = await createStaff(bed.t.db, bed.auth);
    expect(statusOf(await settings(args("/settings", { intent: "2fa-start", password: "not my password" }, "10.3.0.1", other.cookie)))).toBe(400);
  });
});
