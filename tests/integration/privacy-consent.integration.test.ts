import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applications, auditEvents, companies } from "../../db/schema";
import * as applicationsRoute from "~/routes/api/boards-applications";
import * as jobRoute from "~/routes/api/boards-job";
import * as applyRoute from "~/routes/job-board/job-apply";
import * as settingsRoute from "~/routes/staff/settings-privacy";
import { defaultPrivacyNoticeText, PRIVACY_MESSAGES } from "~/schemas/privacy";
import { invalidateJobBoardCache } from "~/server/job-board/cache.server";
import { applicationValues, createMember, createStaff, createTestApplication, createTestJob, SAMPLE_FORM_SCHEMA } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

/** Issue 17: consent when applying (decision 114): the company's privacy notice, the required box and the talent pool. */

const bed = setUpAppTestDatabase();

async function company(name: string) {
  const owner = await createStaff(bed.t.db, bed.t.auth, { companyName: name });
  const [row] = await bed.t.db.select({ slug: companies.slug }).from(companies).where(eq(companies.id, owner.staff.companyId));
  const job = await createTestJob(bed.t.db, owner.staff, { title: "Lighthouse Keeper", form_schema: SAMPLE_FORM_SCHEMA });
  invalidateJobBoardCache();
  return { ...owner, slug: row!.slug!, job };
}

/** Each application from its own client, so the apply rate limit never decides a test. */
let client = 0;
const nextIp = () => `198.51.100.${(client += 1)}`;

const viaForm = (jobId: string, values: Record<string, string>) =>
  callAction(applyRoute.action, { path: `/jobs/${jobId}/lighthouse-keeper/apply`, params: { id: jobId }, form: values, ip: nextIp() });

const viaApi = (slug: string, jobId: string, values: Record<string, string>) =>
  callAction(applicationsRoute.action, { path: `/api/v1/boards/${slug}/jobs/${jobId}/applications`, params: { slug, id: jobId }, form: values, ip: nextIp() });

const storedFor = async (email: string) =>
  (
    await bed.t.db
      .select({
        kind: applications.privacyNoticeKind,
        shown: applications.privacyNoticeShown,
        agreedAt: applications.privacyConsentedAt,
        talentPool: applications.talentPoolConsent,
        talentPoolAt: applications.talentPoolConsentedAt,
        createdAt: applications.createdAt,
      })
      .from(applications)
      .where(eq(applications.candidateEmail, email))
  )[0];

/** The form without the required box: what the tests' form values hold, less the consent. */
function withoutConsent(overrides: Record<string, string>) {
  const values: Record<string, string> = applicationValues(overrides);
  delete values.privacy_consent;
  return values;
}

describe("the apply form's consent", () => {
  it("refuses an application without the box ticked (nothing stored, the message beside the box, the answers kept)", async () => {
    const acme = await company("Consent Harbour");
    const values = withoutConsent({ candidate_email: "unticked@example.test", cover_letter: "Kept letter" });
    const refused = await viaForm(acme.job.id, values);
    expect(refused.status).toBe(400);
    const data = refused.data as { errors: Record<string, string>; values: Record<string, string> };
    expect(data.errors).toEqual({ privacy_consent: PRIVACY_MESSAGES.consentRequired });
    expect(data.values).toMatchObject({ candidate_email: "unticked@example.test", cover_letter: "Kept letter" });
    expect(await storedFor("unticked@example.test")).toBeUndefined();

    // A box sent unticked (an empty value, "off") is not consent either.
    expect((await viaForm(acme.job.id, { ...values, privacy_consent: "" })).status).toBe(400);
    expect((await viaForm(acme.job.id, { ...values, privacy_consent: "off" })).status).toBe(400);
    expect(await storedFor("unticked@example.test")).toBeUndefined();
  });

  it("stores the default notice shown, when it was agreed to, and the talent-pool choice, for a company that set no notice", async () => {
    const acme = await company("Default Notice Ltd");
    const page = await callLoader(applyRoute.loader, { path: `/jobs/${acme.job.id}/lighthouse-keeper/apply`, params: { id: acme.job.id, slug: "lighthouse-keeper" } });
    expect((page.data as { privacyNotice: unknown }).privacyNotice).toEqual({ companyName: "Default Notice Ltd", kind: "text", text: defaultPrivacyNoticeText("Default Notice Ltd") });
    expect(defaultPrivacyNoticeText("Default Notice Ltd")).toMatch(/^Default Notice Ltd uses what you send .* retention settings/);

    const before = new Date();
    expect((await viaForm(acme.job.id, applicationValues({ candidate_email: "agreed@example.test" }))).status).toBe(302);
    expect((await viaForm(acme.job.id, applicationValues({ candidate_email: "pooled@example.test", talent_pool_consent: "on" }))).status).toBe(302);

    const agreed = (await storedFor("agreed@example.test"))!;
    expect(agreed).toMatchObject({ kind: "default", shown: defaultPrivacyNoticeText("Default Notice Ltd"), talentPool: false, talentPoolAt: null });
    expect(agreed.agreedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(agreed.agreedAt!.getTime()).toBe(agreed.createdAt.getTime());
    const pooled = (await storedFor("pooled@example.test"))!;
    expect(pooled).toMatchObject({ kind: "default", talentPool: true });
    expect(pooled.talentPoolAt!.getTime()).toBe(pooled.agreedAt!.getTime());

    // Added by staff (or imported), not through the form: no consent is recorded.
    const added = await createTestApplication(bed.t.db, { id: acme.job.id, companyId: acme.staff.companyId });
    const [row] = await bed.t.db
      .select({ kind: applications.privacyNoticeKind, agreedAt: applications.privacyConsentedAt, talentPool: applications.talentPoolConsent })
      .from(applications)
      .where(eq(applications.id, added.id));
    expect(row).toEqual({ kind: null, agreedAt: null, talentPool: null });
  });
});

describe("Settings › Privacy", () => {
  it("lets an admin set a link or a text (each change audited), refuses a recruiter, and the apply form and API show and store the notice", async () => {
    const acme = await company("Notice Makers");
    const post = (cookie: string, values: Record<string, string>) => callAction(settingsRoute.action, { path: "/settings/privacy", cookie, form: { intent: "privacy", ...values } });

    // Only admins: a recruiter can neither read nor change it.
    const recruiter = await createMember(bed.t.db, bed.t.auth, acme.staff, "recruiter");
    expect((await callLoader(settingsRoute.loader, { path: "/settings/privacy", cookie: recruiter.cookie })).status).toBe(403);
    expect((await post(recruiter.cookie, { kind: "link", url: "https://evil.example/privacy" })).status).toBe(403);

    const loaded = await callLoader(settingsRoute.loader, { path: "/settings/privacy", cookie: acme.cookie });
    expect(loaded.data).toEqual({
      privacy: { companyName: "Notice Makers", kind: "default", url: null, text: null, defaultText: defaultPrivacyNoticeText("Notice Makers") },
      // Retention (decision 117): kept until erased by hand until an admin sets a period.
      retention: { retentionMonths: null, talentPoolMonths: null, due: 0, nextRun: expect.any(String) },
      // The equal-opportunity survey (decision 118): off, every question offered.
      eeoSurvey: { enabled: false, questions: ["gender", "age_range", "ethnicity", "disability"], asked: [] },
    });

    // A link must be an https address; the chosen kind needs its link or text.
    expect((await post(acme.cookie, { kind: "link", url: "" })).data).toMatchObject({ errors: { url: PRIVACY_MESSAGES.urlRequired } });
    expect((await post(acme.cookie, { kind: "link", url: "http://notice.example/privacy" })).data).toMatchObject({ errors: { url: PRIVACY_MESSAGES.urlInvalid } });
    expect((await post(acme.cookie, { kind: "text", text: "  " })).data).toMatchObject({ errors: { text: PRIVACY_MESSAGES.textRequired } });
    expect(await bed.t.db.select().from(auditEvents).where(eq(auditEvents.companyId, acme.staff.companyId))).toEqual([]);

    const saved = await post(acme.cookie, { kind: "link", url: "https://notice.example/privacy", text: "" });
    expect(saved.status).toBe(302);
    expect(saved.response?.headers.get("location")).toBe("/settings/privacy");
    // Saving the same notice again changes nothing and records nothing.
    expect((await post(acme.cookie, { kind: "link", url: "https://notice.example/privacy", text: "" })).status).toBe(302);
    const entries = await bed.t.db.select().from(auditEvents).where(eq(auditEvents.companyId, acme.staff.companyId));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: acme.staff.userId,
      action: "privacy.changed",
      subjectType: "company",
      subjectId: acme.staff.companyId,
      data: { kindBefore: "default", kind: "link", urlChanged: true, textChanged: false, url: "https://notice.example/privacy" },
    });

    // The apply form shows the link, and an application keeps it as what was agreed to.
    const page = await callLoader(applyRoute.loader, { path: `/jobs/${acme.job.id}/lighthouse-keeper/apply`, params: { id: acme.job.id, slug: "lighthouse-keeper" } });
    expect((page.data as { privacyNotice: unknown }).privacyNotice).toEqual({ companyName: "Notice Makers", kind: "link", url: "https://notice.example/privacy" });
    expect((await viaForm(acme.job.id, applicationValues({ candidate_email: "linked@example.test" }))).status).toBe(302);
    expect(await storedFor("linked@example.test")).toMatchObject({ kind: "link", shown: "https://notice.example/privacy", talentPool: false });

    // The API's job names both boxes, and describes the consent as Greenhouse's data_compliance does.
    const job = await callLoader(jobRoute.loader as never, { path: `/api/v1/boards/${acme.slug}/jobs/${acme.job.id}`, params: { slug: acme.slug, id: acme.job.id } });
    const body = (await job.response!.json()) as { questions: { label: string; required: boolean; description: string | null; fields: { name: string }[] }[]; data_compliance: unknown[] };
    expect(body.questions.slice(-2).map((q) => [q.label, q.required, q.fields[0]!.name, q.description])).toEqual([
      ["I have read and agree to Notice Makers's privacy notice", true, "privacy_consent", "The privacy notice: https://notice.example/privacy"],
      ["Keep me in Notice Makers's talent pool for future roles", false, "talent_pool_consent", null],
    ]);
    expect(body.data_compliance).toEqual([
      expect.objectContaining({
        type: "gdpr",
        requires_consent: true,
        requires_processing_consent: true,
        requires_retention_consent: false,
        fields: { processing_consent: "privacy_consent", retention_consent: "talent_pool_consent" },
        privacy_notice: { kind: "link", url: "https://notice.example/privacy", text: null },
      }),
    ]);

    // The API refuses an application without consent as the form does, and takes one with it.
    const refused = await viaApi(acme.slug, acme.job.id, withoutConsent({ candidate_email: "api-unticked@example.test" }));
    expect(refused.response!.status).toBe(400);
    expect(await refused.response!.json()).toEqual({
      error: { code: "invalid", message: "Some answers need attention.", fields: { privacy_consent: PRIVACY_MESSAGES.consentRequired } },
    });
    expect(await storedFor("api-unticked@example.test")).toBeUndefined();
    const accepted = await viaApi(acme.slug, acme.job.id, { ...withoutConsent({ candidate_email: "api-agreed@example.test" }), privacy_consent: "true", talent_pool_consent: "true" });
    expect(accepted.response!.status).toBe(201);
    expect(await storedFor("api-agreed@example.test")).toMatchObject({ kind: "link", shown: "https://notice.example/privacy", talentPool: true });

    // A text notice (Markdown) is shown rendered and sanitised, and stored as written; the link is kept for later.
    expect((await post(acme.cookie, { kind: "text", url: "https://notice.example/privacy", text: "We keep **CVs** for a year. <script>x()</script>" })).status).toBe(302);
    const textPage = await callLoader(applyRoute.loader, { path: `/jobs/${acme.job.id}/lighthouse-keeper/apply`, params: { id: acme.job.id, slug: "lighthouse-keeper" } });
    expect((textPage.data as { privacyNotice: unknown }).privacyNotice).toEqual({ companyName: "Notice Makers", kind: "html", html: "<p>We keep <strong>CVs</strong> for a year. </p>\n" });
    expect((await viaForm(acme.job.id, applicationValues({ candidate_email: "texted@example.test" }))).status).toBe(302);
    expect(await storedFor("texted@example.test")).toMatchObject({ kind: "text", shown: "We keep **CVs** for a year. <script>x()</script>" });
    // The application agreed to the link before keeps the link.
    expect(await storedFor("linked@example.test")).toMatchObject({ kind: "link", shown: "https://notice.example/privacy" });
    const [settings] = await bed.t.db.select({ url: companies.privacyNoticeUrl, kind: companies.privacyNoticeKind }).from(companies).where(eq(companies.id, acme.staff.companyId));
    expect(settings).toEqual({ url: "https://notice.example/privacy", kind: "text" });
    expect(await bed.t.db.select().from(auditEvents).where(eq(auditEvents.companyId, acme.staff.companyId))).toHaveLength(2);
  });
});
