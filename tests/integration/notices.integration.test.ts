import { describe, expect, it } from "vitest";
import * as loginRoute from "~/routes/auth/login";
import * as resetRoute from "~/routes/auth/reset-password";
import * as templatesRoute from "~/routes/staff/email-templates";
import * as templateEditRoute from "~/routes/staff/email-templates-edit";
import * as templateNewRoute from "~/routes/staff/email-templates-new";
import * as companySettingsRoute from "~/routes/staff/settings-company";
import * as profileSettingsRoute from "~/routes/staff/settings-profile";
import * as securitySettingsRoute from "~/routes/staff/settings-security";
import * as teamSettingsRoute from "~/routes/staff/settings-team";
import { requestPasswordReset } from "~/server/accounts/passwords.server";
import { createEmailTemplate } from "~/server/mail/email-templates.server";
import { linkIn } from "../e2e/accounts-mailbox";
import { createStaff, TEST_PASSWORD } from "../factories";
import { callAction, callLoader, type RouteAnswer, setUpAppAccountsTestbed } from "../helpers/route-test";

/**
 * Issue 10, one mechanism per concern: Settings, the email templates and the password reset say what
 * they did through the one notice cookie (`redirectWithNotice`), never through a query parameter.
 */

const app = setUpAppAccountsTestbed();

/** Where a redirect goes, the notice code its cookie carries, and its other cookies. */
function redirectOf(answer: RouteAnswer<unknown>) {
  expect(answer.status).toBe(302);
  const setCookies = answer.headers.getSetCookie();
  const notice = setCookies.find((c) => c.startsWith("openhire_notice="));
  return {
    location: answer.headers.get("Location"),
    code: /^openhire_notice=([a-z-]+)\./.exec(notice ?? "")?.[1],
    others: setCookies.filter((c) => c !== notice).map((c) => c.split("=")[0]!),
  };
}

describe("Settings", () => {
  it("says what each save did through the notice cookie, on the section's own page", async () => {
    const { cookie } = await createStaff(app.bed.t.db, app.bed.auth);
    const profile = await callAction(profileSettingsRoute.action, { path: "/settings", cookie, form: { intent: "profile", fullName: "Ada Lovelace", emailNotifications: "on" } });
    expect(redirectOf(profile)).toEqual({ location: "/settings", code: "profile-saved", others: [] });
    const company = await callAction(companySettingsRoute.action, { path: "/settings/company", cookie, form: { intent: "company", companyName: "Analytical Engines", website: "" } });
    expect(redirectOf(company)).toEqual({ location: "/settings/company", code: "company-saved", others: [] });
    const invite = await callAction(teamSettingsRoute.action, { path: "/settings/team", cookie, form: { intent: "invite", email: "babbage@example.test" } });
    expect(redirectOf(invite)).toEqual({ location: "/settings/team", code: "invitation-sent", others: [] });
    const others = await callAction(securitySettingsRoute.action, { path: "/settings/security", cookie, form: { intent: "signout-others" } });
    expect(redirectOf(others)).toEqual({ location: "/settings/security", code: "signed-out-others", others: [] });
  });

  it("a password change sends the new session's cookies and the notice, both", async () => {
    const { cookie } = await createStaff(app.bed.t.db, app.bed.auth);
    const answer = await callAction(securitySettingsRoute.action, {
      path: "/settings/security",
      cookie,
      form: { intent: "password", currentPassword: TEST_PASSWORD, newPassword: "a brand new passphrase", confirmPassword: "a brand new passphrase", signOutOthers: "on" },
    });
    const { location, code, others } = redirectOf(answer);
    expect({ location, code }).toEqual({ location: "/settings/security", code: "password-changed-signed-out" });
    expect(others.some((name) => name.endsWith("session_token"))).toBe(true);
  });
});

describe("email templates", () => {
  it("creating, saving and deleting land on the list saying so", async () => {
    const { staff, cookie } = await createStaff(app.bed.t.db, app.bed.auth);
    const form = { name: "Notice keeper", subject: "Hello", body: "Hi {{candidate_name}}" };
    expect(redirectOf(await callAction(templateNewRoute.action, { path: "/email-templates/new", cookie, form }))).toMatchObject({
      location: "/email-templates",
      code: "template-created",
    });
    const { id } = await createEmailTemplate(app.bed.t.db, staff, form);
    const edited = await callAction(templateEditRoute.action, { path: `/email-templates/${id}/edit`, cookie, form: { ...form, name: "Renamed" }, params: { templateId: id } });
    expect(redirectOf(edited)).toMatchObject({ location: "/email-templates", code: "template-saved" });
    const deleted = await callAction(templatesRoute.action, { path: "/email-templates", cookie, form: { intent: "delete", id } });
    expect(redirectOf(deleted)).toMatchObject({ location: "/email-templates", code: "template-deleted" });
  });
});

describe("the password reset", () => {
  it("lands on the sign-in page, which shows the notice once and clears its cookie", async () => {
    const { email } = await createStaff(app.bed.t.db, app.bed.auth);
    const since = app.bed.mailbox.messages.length;
    await requestPasswordReset(app.bed.auth, email, new Headers());
    const message = await app.bed.mailbox.waitFor(email, { subject: /Reset your OpenHire password/, since });
    const token = new URL(linkIn(message, "/reset-password")).searchParams.get("token")!;
    const reset = await callAction(resetRoute.action, { path: "/reset-password", form: { token, password: "a fresh and long passphrase", confirmPassword: "a fresh and long passphrase" } });
    const { location, code } = redirectOf(reset);
    expect({ location, code }).toEqual({ location: "/login", code: "password-reset" });

    const noticeCookie = reset.headers.getSetCookie().find((c) => c.startsWith("openhire_notice="))!.split(";")[0]!;
    const login = await callLoader(loginRoute.loader, { path: "/login", cookie: noticeCookie });
    expect(login.data?.notice?.message).toBe("Your password has been reset. Sign in with your new password.");
    expect(login.responseCookies).toEqual([expect.stringMatching(/^openhire_notice=; Path=\/; Max-Age=0/)]);
    // The old query parameter says nothing any more.
    const quiet = await callLoader(loginRoute.loader, { path: "/login?notice=reset" });
    expect(quiet.data?.notice).toBeUndefined();
  });
});
