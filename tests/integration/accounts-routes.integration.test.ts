import { describe, expect, it } from "vitest";
import { action as forgotPassword } from "~/routes/auth/forgot-password";
import { action as login } from "~/routes/auth/login";
import { action as securitySettings } from "~/routes/staff/settings-security";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { createStaff, TEST_PASSWORD, uniqueEmail } from "../factories";
import { callAction, setUpAppAccountsTestbed } from "../helpers/route-test";

const app = setUpAppAccountsTestbed();


describe("abuse limits per account", () => {
  it("limits reset requests for one address even when they come from many IPs, and says nothing more", async () => {
    const { email } = await createStaff(app.bed.t.db, app.bed.auth);
    await app.bed.mailer.idle();
    const before = app.bed.mailbox.messages.length;
    const limit = RATE_LIMITS.passwordResetAccount.limit;
    for (let i = 0; i < limit; i++) {
      expect((await callAction(forgotPassword, { path: "/forgot-password", form: { email }, ip: `10.0.0.${i + 1}` })).status).toBe(200);
    }
    const refused = await callAction(forgotPassword, { path: "/forgot-password", form: { email }, ip: "10.0.1.1" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^[1-9]\d*$/);
    await app.bed.mailer.idle();
    expect(app.bed.mailbox.messages.slice(before).filter((m) => m.to.includes(email))).toHaveLength(limit);

    // An unknown address gets the same answers, in the same order.
    const stranger = uniqueEmail("nobody");
    for (let i = 0; i < limit; i++) {
      expect((await callAction(forgotPassword, { path: "/forgot-password", form: { email: stranger }, ip: `10.0.2.${i + 1}` })).status).toBe(200);
    }
    expect((await callAction(forgotPassword, { path: "/forgot-password", form: { email: stranger }, ip: "10.0.3.1" })).status).toBe(429);
  });

  it("signs in through the login action and lands on the page it came from", async () => {
    const { email } = await createStaff(app.bed.t.db, app.bed.auth);
    const ok = await callAction(login, { path: "/login", form: { email, password: TEST_PASSWORD, redirectTo: "/manage/jobs" }, ip: "10.1.0.1" });
    expect(ok.response).toBeInstanceOf(Response);
    expect(ok.headers.get("Location")).toBe("/manage/jobs");
    expect(ok.headers.get("Set-Cookie")).toContain("session_token=");
  });
});

describe("re-entering the password in Settings › Security", () => {
  const wrong = {
    password: { intent: "password", currentPassword: "not my password", newPassword: "a brand new passphrase", confirmPassword: "a brand new passphrase" },
    "2fa-start": { intent: "2fa-start", password: "not my password" },
  };

  for (const [intent, form] of Object.entries(wrong)) {
    it(`is limited per account (${intent}): 429 with Retry-After past the limit, from any IP, even with the right password`, async () => {
      const { cookie } = await createStaff(app.bed.t.db, app.bed.auth);
      const field = intent === "password" ? "currentPassword" : "password";
      for (let i = 0; i < RATE_LIMITS.passwordConfirmAccount.limit; i++) {
        const answer = await callAction(securitySettings, { path: "/settings/security", form, ip: `10.2.0.${i + 1}`, cookie });
        expect(answer.status).toBe(400);
      }
      const right = intent === "password" ? { ...form, currentPassword: TEST_PASSWORD } : { ...form, password: TEST_PASSWORD };
      const limited = await callAction(securitySettings, { path: "/settings/security", form: right, ip: "10.2.1.1", cookie });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(limited.data.errors?.[field]).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    });
  }

  it("counts turning two-factor off too, and each account apart", async () => {
    const { cookie } = await createStaff(app.bed.t.db, app.bed.auth);
    for (let i = 0; i < RATE_LIMITS.passwordConfirmAccount.limit; i++) {
      expect((await callAction(securitySettings, { path: "/settings/security", form: { intent: "2fa-disable", password: "not my password" }, ip: "10.3.0.1", cookie })).status).toBe(400);
    }
    expect((await callAction(securitySettings, { path: "/settings/security", form: { intent: "2fa-disable", password: "not my password" }, ip: "10.3.0.1", cookie })).status).toBe(429);
    const other = await createStaff(app.bed.t.db, app.bed.auth);
    expect((await callAction(securitySettings, { path: "/settings/security", form: { intent: "2fa-start", password: "not my password" }, ip: "10.3.0.1", cookie: other.cookie })).status).toBe(400);
  });
});
