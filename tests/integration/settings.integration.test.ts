import type { RouteConfigEntry } from "@react-router/dev/routes";
import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, blockedTimes, companies, invitations, profiles, session, twoFactor, user } from "../../db/schema";
import routes from "../../app/routes";
import * as companySettingsRoute from "~/routes/staff/settings-company";
import * as profileSettingsRoute from "~/routes/staff/settings-profile";
import * as securitySettingsRoute from "~/routes/staff/settings-security";
import * as teamSettingsRoute from "~/routes/staff/settings-team";
import { CompanySettingsSchema, ProfileSettingsSchema } from "~/schemas/settings";
import { DEFAULT_WORKING_HOURS } from "~/schemas/availability";
import { parseForm } from "~/schemas/parse-form";
import { getSettings, updateCompanySettings, updateProfileSettings } from "~/server/settings/settings.server";
import { acceptInvitation, findInvitation, inviteMember } from "~/server/team/team.server";
import { linkIn } from "../e2e/accounts-mailbox";
import { createStaff, TEST_FULL_NAME, TEST_PASSWORD } from "../factories";
import { callAction, callLoader, setUpAppAccountsTestbed } from "../helpers/route-test";
import { LINK_BASE } from "../helpers/test-database";

const app = setUpAppAccountsTestbed();

describe("settings", () => {
  it("saves the full name, the notification preference and the company's details", async () => {
    const { staff } = await createStaff(app.bed.t.db, app.bed.auth);
    expect(await getSettings(app.bed.t.db, staff)).toMatchObject({ fullName: TEST_FULL_NAME, role: "admin", emailNotifications: true, isOwner: true, website: null });
    await updateProfileSettings(app.bed.t.db, staff, ProfileSettingsSchema.parse({ fullName: "  Rosa Parks ", emailNotifications: undefined }));
    await updateCompanySettings(app.bed.t.db, staff, CompanySettingsSchema.parse({ companyName: "Parks & Co", website: "parks.example" }));
    expect(await getSettings(app.bed.t.db, staff)).toMatchObject({
      fullName: "Rosa Parks",
      emailNotifications: false,
      companyName: "Parks & Co",
      website: "https://parks.example",
    });
    await updateProfileSettings(app.bed.t.db, staff, ProfileSettingsSchema.parse({ fullName: "", emailNotifications: "on" }));
    expect(await getSettings(app.bed.t.db, staff)).toMatchObject({ fullName: null, emailNotifications: true });
  });

  it("validates with clear messages", () => {
    expect(parseForm(CompanySettingsSchema, { companyName: " ", website: "" })).toEqual({ success: false, errors: { companyName: "Company name is required" } });
    expect(parseForm(CompanySettingsSchema, { companyName: "A", website: "not a site" })).toMatchObject({
      errors: { website: "Enter a valid website address, like https://example.com" },
    });
    expect(parseForm(ProfileSettingsSchema, { fullName: "x".repeat(101) })).toMatchObject({ errors: { fullName: "Full name must be at most 100 characters" } });
  });

  it("lets only the owner change the company's details", async () => {
    const owner = await createStaff(app.bed.t.db, app.bed.auth);
    const colleague = await createStaff(app.bed.t.db, app.bed.auth);
    await inviteMember(app.bed.t.db, app.bed.mailer, owner.staff, { email: colleague.email }, LINK_BASE);
    const token = linkIn(await app.bed.mailbox.waitFor(colleague.email, { subject: /invited/ }), "/invitations/").split("/invitations/")[1]!;
    expect((await findInvitation(app.bed.t.db, token)).status).toBe("valid");
    await acceptInvitation(app.bed.t.db, { userId: colleague.staff.userId, email: colleague.email }, token);
    const member = { userId: colleague.staff.userId, companyId: owner.staff.companyId };
    expect(await getSettings(app.bed.t.db, member)).toMatchObject({ isOwner: false });
    await expect(updateCompanySettings(app.bed.t.db, member, { companyName: "Hijacked", website: null })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

// ---------------------------------------------------------------------------
// The routes: one page per section (decision 057)
// ---------------------------------------------------------------------------

/** Each section's route, its address, and the intents its forms send (with a form each would accept). */
const SECTIONS = {
  profile: { route: profileSettingsRoute, path: "/settings", intents: ["profile", "availability", "add-blocked-time", "remove-blocked-time"] },
  security: {
    route: securitySettingsRoute,
    path: "/settings/security",
    intents: ["password", "2fa-start", "2fa-confirm", "2fa-disable", "signout-this", "signout-others", "signout-all", "revoke-session"],
  },
  company: { route: companySettingsRoute, path: "/settings/company", intents: ["company"] },
  team: { route: teamSettingsRoute, path: "/settings/team", intents: ["invite", "revoke-invitation", "remove-member"] },
} as const;
type Section = keyof typeof SECTIONS;

function flatten(entries: readonly RouteConfigEntry[], prefix = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = [prefix, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

describe("the settings routes", () => {
  it("keep the profile at /settings itself, and give each other section its own page", () => {
    const table = flatten(routes).filter((entry) => entry.path.startsWith("settings"));
    expect(table).toEqual([
      // The audit trail's CSV is a file, outside the sections' layout (decision 115).
      { path: "settings/audit/export.csv", file: "routes/staff/settings-audit-export.ts" },
      { path: "settings", file: "routes/staff/settings-profile.tsx" },
      { path: "settings/security", file: "routes/staff/settings-security.tsx" },
      { path: "settings/company", file: "routes/staff/settings-company.tsx" },
      { path: "settings/team", file: "routes/staff/settings-team.tsx" },
      { path: "settings/hiring", file: "routes/staff/settings-hiring.tsx" },
      { path: "settings/careers", file: "routes/staff/settings-careers.tsx" },
      { path: "settings/privacy", file: "routes/staff/settings-privacy.tsx" },
      { path: "settings/api-keys", file: "routes/staff/settings-api-keys.tsx" },
      { path: "settings/webhooks", file: "routes/staff/settings-webhooks.tsx" },
      { path: "settings/webhooks/:endpointId", file: "routes/staff/settings-webhook.tsx" },
      { path: "settings/audit", file: "routes/staff/settings-audit.tsx" },
    ]);
  });

  it("/settings loads the profile: full name, role as the app names it, email and notifications, the availability (decision 103), the calendar links (decision 102), and nothing of the other sections", async () => {
    const { cookie, email } = await createStaff(app.bed.t.db, app.bed.auth);
    const answer = await callLoader(profileSettingsRoute.loader, { path: "/settings", cookie });
    expect(answer.data).toEqual({
      profile: { email, fullName: TEST_FULL_NAME, role: "Owner", emailNotifications: true, mentionEmails: "immediate" },
      availability: { timeZone: "UTC", timeZoneSaved: false, workingHours: [...DEFAULT_WORKING_HOURS], blockedTimes: [] },
      timeZones: expect.arrayContaining(["UTC", "Europe/Berlin"]),
      calendarFeeds: { mine: null, company: null },
    });
  });

  it("/settings saves how mentions are emailed (decision 098), keeps it when the form leaves it out, and refuses another value", async () => {
    const { cookie } = await createStaff(app.bed.t.db, app.bed.auth);
    const save = (form: Record<string, string>) => callAction(profileSettingsRoute.action, { path: "/settings", cookie, form: { intent: "profile", fullName: "Mia Mention", ...form } });
    const shown = async () => (await callLoader(profileSettingsRoute.loader, { path: "/settings", cookie })).data!.profile;
    expect((await save({ emailNotifications: "on", mentionEmails: "digest" })).status).toBe(302);
    expect(await shown()).toMatchObject({ emailNotifications: true, mentionEmails: "digest" });
    expect((await save({})).status).toBe(302);
    expect(await shown()).toMatchObject({ emailNotifications: false, mentionEmails: "digest" });
    expect(await save({ mentionEmails: "hourly" })).toMatchObject({ status: 400, data: { errors: { mentionEmails: "Choose how to hear about mentions" } } });
    expect((await save({ mentionEmails: "never" })).status).toBe(302);
    expect(await shown()).toMatchObject({ mentionEmails: "never" });
  });

  it("each section loads only what it shows", async () => {
    const { cookie } = await createStaff(app.bed.t.db, app.bed.auth, { companyName: "Loaders Ltd" });
    const company = await callLoader(companySettingsRoute.loader, { path: "/settings/company", cookie });
    expect(company.data).toEqual({ company: { name: "Loaders Ltd", website: "", isOwner: true } });
    const security = await callLoader(securitySettingsRoute.loader, { path: "/settings/security", cookie });
    expect(Object.keys(security.data).sort()).toEqual(["sessions", "twoFactorEnabled"]);
    expect(security.data.twoFactorEnabled).toBe(false);
    expect(security.data.sessions).toEqual([expect.objectContaining({ current: true, device: expect.any(String), ipAddress: expect.any(String) })]);
    const team = await callLoader(teamSettingsRoute.loader, { path: "/settings/team", cookie });
    expect(Object.keys(team.data)).toEqual(["team"]);
    expect(team.data.team).toMatchObject({ isOwner: true, invitations: [] });
    expect(team.data.team.members).toHaveLength(1);
  });

  it("a signed-out visitor is sent to sign in from every section, loader and action", async () => {
    for (const { route, path } of Object.values(SECTIONS)) {
      for (const answer of [await callLoader(route.loader, { path }), await callAction(route.action, { path, form: { intent: "profile" } })]) {
        expect(answer.status, path).toBe(302);
        expect(answer.headers.get("Location"), path).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
      }
    }
  });

  describe("each section's action", () => {
    /** An owner with a teammate, an open invitation and a second session: something for every intent to change. */
    async function world() {
      const owner = await createStaff(app.bed.t.db, app.bed.auth);
      const teammate = await createStaff(app.bed.t.db, app.bed.auth);
      await app.bed.t.db.update(profiles).set({ companyId: owner.staff.companyId }).where(eq(profiles.id, teammate.staff.userId));
      const [invitation] = await app.bed.t.db
        .insert(invitations)
        .values({ companyId: owner.staff.companyId, email: "invited@example.test", tokenHash: `hash-${owner.staff.userId}`, expiresAt: new Date(Date.now() + 86_400_000) })
        .returning({ id: invitations.id });
      const [ownSession] = await app.bed.t.db.select({ id: session.id }).from(session).where(eq(session.userId, owner.staff.userId));
      const [blocked] = await app.bed.t.db
        .insert(blockedTimes)
        .values({ companyId: owner.staff.companyId, userId: owner.staff.userId, startsAt: new Date(Date.now() + 86_400_000), endsAt: new Date(Date.now() + 2 * 86_400_000) })
        .returning({ id: blockedTimes.id });
      const forms: Record<string, Record<string, string>> = {
        profile: { fullName: "Changed Name" },
        availability: { timeZone: "Europe/Berlin", "day-1": "on", "start-1": "10:00", "end-1": "12:00" },
        "add-blocked-time": { startDate: "2099-01-01", startTime: "09:00", endDate: "2099-01-02", endTime: "17:00", timeZone: "UTC", reason: "Holiday" },
        "remove-blocked-time": { blockedTimeId: blocked!.id },
        company: { companyName: "Changed Company", website: "changed.example" },
        password: { currentPassword: TEST_PASSWORD, newPassword: "a brand new passphrase", confirmPassword: "a brand new passphrase", signOutOthers: "on" },
        "2fa-start": { password: TEST_PASSWORD },
        "2fa-confirm": { code: "123456" },
        "2fa-disable": { password: TEST_PASSWORD },
        "revoke-session": { sessionId: ownSession!.id },
        invite: { email: "another@example.test" },
        "revoke-invitation": { invitationId: invitation!.id },
        "remove-member": { memberId: teammate.staff.userId },
      };
      const people = [owner.staff.userId, teammate.staff.userId];
      /** What any intent could change: the company, its people (their availability too), their sessions, passwords and second factors, its invitations, their blocked times. */
      const snapshot = async () =>
        JSON.stringify({
          company: await app.bed.t.db.select().from(companies).where(eq(companies.id, owner.staff.companyId)),
          profiles: await app.bed.t.db.select().from(profiles).where(inArray(profiles.id, people)).orderBy(asc(profiles.id)),
          invitations: await app.bed.t.db.select().from(invitations).where(eq(invitations.companyId, owner.staff.companyId)),
          blockedTimes: await app.bed.t.db.select().from(blockedTimes).where(eq(blockedTimes.companyId, owner.staff.companyId)),
          sessions: await app.bed.t.db.select({ id: session.id }).from(session).where(inArray(session.userId, people)).orderBy(asc(session.id)),
          passwords: await app.bed.t.db.select({ password: account.password }).from(account).where(inArray(account.userId, people)).orderBy(asc(account.id)),
          twoFactor: await app.bed.t.db.select({ on: user.twoFactorEnabled }).from(user).where(inArray(user.id, people)).orderBy(asc(user.id)),
          enrolments: await app.bed.t.db.select({ id: twoFactor.id }).from(twoFactor).where(inArray(twoFactor.userId, people)),
        });
      return { cookie: owner.cookie, form: (intent: string) => ({ intent, ...forms[intent] }), snapshot };
    }

    it.each(Object.keys(SECTIONS) as Section[])("on the %s page refuses the other sections' intents, and no intent at all, changing nothing", async (section) => {
      const { cookie, form, snapshot } = await world();
      const { route, path } = SECTIONS[section];
      const others = (Object.keys(SECTIONS) as Section[]).filter((other) => other !== section).flatMap((other) => SECTIONS[other].intents);
      const before = await snapshot();
      for (const intent of [...others, "", "delete-everything"]) {
        const answer = await callAction(route.action, { path, cookie, form: intent ? form(intent) : {} });
        expect({ intent, status: answer.status, thrown: answer.thrown, data: answer.data }).toEqual({ intent, status: 400, thrown: true, data: "Unknown action" });
      }
      expect(await snapshot()).toBe(before);
    });

    it.each(Object.keys(SECTIONS) as Section[])("on the %s page handles each of its own intents", async (section) => {
      const { route, path, intents } = SECTIONS[section];
      for (const intent of intents) {
        // A world each: signing out or removing must not spoil the next intent's call.
        const { cookie, form } = await world();
        const answer = await callAction(route.action, { path, cookie, form: form(intent) });
        expect({ intent, refused: (answer.data as unknown) === "Unknown action" }).toEqual({ intent, refused: false });
        expect([200, 302, 400], `${intent}: ${answer.status}`).toContain(answer.status);
      }
    });
  });
});
