import { describe, expect, it } from "vitest";
import * as forgotPasswordRoute from "~/routes/auth/forgot-password";
import * as loginRoute from "~/routes/auth/login";
import * as registerRoute from "~/routes/auth/register";
import * as blogRoute from "~/routes/marketing/blog";
import * as companySettingsRoute from "~/routes/staff/settings-company";
import * as profileSettingsRoute from "~/routes/staff/settings-profile";
import * as teamSettingsRoute from "~/routes/staff/settings-team";
import * as newTemplateRoute from "~/routes/staff/email-templates-new";
import { createStaff } from "../factories";
import { callAction, type RouteAnswer, setUpAppTestDatabase } from "../helpers/route-test";

// Forms that show what was typed after a failure send back only their own fields, and no value
// longer than its field's maximum (the apply form is covered over HTTP in tests/e2e/edge.spec.ts).

const bed = setUpAppTestDatabase();

/** The forms answer different shapes; these tests read a few fields of each. */
type Answer = RouteAnswer<Record<string, unknown>>;

describe("echoed form values", () => {
  it("the email template form drops an over-long body and stray fields, and keeps the rest", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.t.auth);
    const answer: Answer = await callAction(newTemplateRoute.action, {
      path: "/email-templates/new",
      cookie,
      form: { name: "Welcome", subject: "Hello", body: "x".repeat(20_001), stray: "y".repeat(1000) },
    });
    expect(answer.status).toBe(400);
    expect(answer.data.values).toEqual({ name: "Welcome", subject: "Hello" });
  });

  it("the newsletter form does not send back an address longer than any address can be", async () => {
    const post = (email: string): Promise<Answer> => callAction(blogRoute.action, { path: "/blog", form: { email }, ip: "10.9.0.1" });
    const long = await post(`${"a".repeat(300)}@example.test`);
    expect(long.status).toBe(400);
    expect(long.data.email).toBe("");
    const invalid = await post("not-an-address");
    expect(invalid.data.email).toBe("not-an-address");
  });

  it("the sign-in, sign-up and reset forms do not send back an address longer than any address can be", async () => {
    const routes = [
      ["/login", loginRoute.action],
      ["/register", registerRoute.action],
      ["/forgot-password", forgotPasswordRoute.action],
    ] as const;
    for (const [path, action] of routes) {
      const post = (email: string): Promise<Answer> => callAction(action, { path, form: { email }, ip: "10.9.0.2" });
      const long = await post(`${"a".repeat(100_000)}@example.test`);
      expect(long.status, path).toBe(400);
      expect(long.data.email, path).toBe("");
      expect((await post("not-an-address")).data.email, path).toBe("not-an-address");
    }
  });

  it("the settings forms send back only their own fields, none longer than its maximum", async () => {
    const { cookie } = await createStaff(bed.t.db, bed.t.auth);
    const profile = await callAction(profileSettingsRoute.action, {
      path: "/settings",
      cookie,
      ip: "10.9.0.3",
      form: { intent: "profile", fullName: "x".repeat(100_000), stray: "y" },
    });
    expect(profile.status).toBe(400);
    expect(profile.data.values).toEqual({});
    const company = await callAction(companySettingsRoute.action, {
      path: "/settings/company",
      cookie,
      ip: "10.9.0.3",
      form: { intent: "company", companyName: "Acme\nInc", website: "w".repeat(50_000) },
    });
    expect(company.status).toBe(400);
    expect(company.data.values).toEqual({ companyName: "Acme\nInc" });
  });

  it("the settings forms send back only their own fields after a refusal from the service too", async () => {
    const { cookie, email } = await createStaff(bed.t.db, bed.t.auth);
    const invite = await callAction(teamSettingsRoute.action, {
      path: "/settings/team",
      cookie,
      ip: "10.9.0.4",
      form: { intent: "invite", email, currentPassword: "secret", stray: "y".repeat(1000) },
    });
    expect(invite.status).toBe(409);
    expect(invite.data.errors).toEqual({ email: `${email} is already a member of your team.` });
    expect(invite.data.values).toEqual({ email });
  });
});
