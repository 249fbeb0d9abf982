import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, emailMessages, jobAlerts, jobs } from "../../db/schema";
import * as boardRoute from "~/routes/job-board/board";
import * as careersRoute from "~/routes/job-board/careers";
import * as confirmRoute from "~/routes/job-board/job-alert-confirm";
import * as oneClickRoute from "~/routes/job-board/job-alert-one-click";
import * as unsubscribeRoute from "~/routes/job-board/job-alert-unsubscribe";
import { JOB_ALERT_MESSAGES } from "~/schemas/job-alerts";
import { jobAlertDigestTask } from "~/server/job-alerts/digest.server";
import { mailerFor } from "~/server/mail/mailer.server";
import { setLinkSigningSecret } from "~/server/platform/link-signing.server";
import { type Queue, startQueue } from "~/server/queue/queue.server";
import { createStaff, createTestJob, setJobStatusDirectly, uniqueEmail } from "../factories";
import { callAction, callLoader, setUpAppAccountsTestbed } from "../helpers/route-test";

/*
 * Issue 16, job alerts (decision 111): "Get job alerts" on the board and careers pages, double
 * opt-in, daily or weekly digests of the new matching jobs from the task queue, and one-click
 * unsubscribe with the List-Unsubscribe headers.
 */

const app = setUpAppAccountsTestbed();
const db = () => app.bed.t.db;
let queue: Queue;
const savedSmtpUrl = process.env.SMTP_URL;
beforeAll(async () => {
  setLinkSigningSecret("test-link-secret-test-link-secret");
  // The app's mailer sends to this file's loopback SMTP server: a confirmation's stored body is blanked once sent.
  process.env.SMTP_URL = app.bed.mailbox.url;
  // Runs only when a test asks (runDueTasks).
  queue = await startQueue(app.bed.t, [jobAlertDigestTask], { pollingIntervalSeconds: 3600 });
});
afterAll(async () => {
  await queue.stop();
  await mailerFor(db()).idle();
  process.env.SMTP_URL = savedSmtpUrl;
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
/** Each subscription from an address of its own, so the per-client limit stays out of the way. */
const someIp = () => `10.${randomBytes(3).join(".")}`;

async function company(name: string) {
  const { staff } = await createStaff(db(), app.bed.auth, { companyName: `${name} ${randomBytes(3).toString("hex")}` });
  const [row] = await db().select({ slug: companies.slug, name: companies.name }).from(companies).where(eq(companies.id, staff.companyId));
  return { staff, slug: row!.slug!, name: row!.name };
}

/** Posts the careers page's form (`slug`) or the board's (no slug). */
function subscribe(form: Record<string, string>, slug?: string, ip = someIp()) {
  return slug
    ? callAction(careersRoute.action, { path: `/companies/${slug}`, params: { slug }, form: { intent: "job-alert", ...form }, ip })
    : callAction(boardRoute.action, { path: "/jobs", form: { intent: "job-alert", ...form }, ip });
}

const emailsTo = (to: string) => db().select().from(emailMessages).where(eq(emailMessages.to, to)).orderBy(asc(emailMessages.createdAt));
const alertsOf = (email: string) => db().select().from(jobAlerts).where(eq(jobAlerts.email, email));

/** The path and query of the first link in `body` to `path`. */
function linkIn(body: string, path: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${path.replace(/\//g, "\\/")}\\?token=[\\w.-]+)`).exec(body);
  if (!match) throw new Error(`No ${path} link in:\n${body}`);
  return match[1]!;
}

/** The path of the confirmation link in the `nth` confirmation email to `to` (0: the first), as the mailbox received it. */
async function confirmationLink(to: string, nth = 0): Promise<string> {
  const { mailbox } = app.bed;
  for (let i = 0, since = 0; ; i++) {
    const message = await mailbox.waitFor(to, { subject: /^Confirm your job alert$/, since });
    if (i === nth) return linkIn(message.text, "/job-alerts/confirm");
    since = mailbox.messages.indexOf(message) + 1;
  }
}

/** Subscribes and opens the emailed link: a confirmed alert. */
async function confirmedAlert(form: Record<string, string>, slug?: string) {
  expect((await subscribe(form, slug)).status).toBe(200);
  const confirmed = await callLoader(confirmRoute.loader, { path: await confirmationLink(form.email!) });
  expect(confirmed.status).toBe(200);
  const [alert] = await alertsOf(form.email!);
  return alert!;
}

async function publishedAt(jobId: string, at: Date) {
  await db().update(jobs).set({ publishedAt: at }).where(eq(jobs.id, jobId));
}

/** Every confirmed alert of the test waits; the ones given are due now, their new jobs counted from `since`. */
async function dueNow(ids: string[], since?: Date) {
  await db().update(jobAlerts).set({ nextDigestAt: new Date(Date.now() + 30 * DAY) }).where(sql`${jobAlerts.confirmedAt} is not null`);
  for (const id of ids) {
    await db()
      .update(jobAlerts)
      .set({ nextDigestAt: ago(1000), ...(since ? { since } : {}) })
      .where(eq(jobAlerts.id, id));
  }
}

async function runDigests() {
  await jobAlertDigestTask.enqueue(db(), {});
  await queue.runDueTasks();
}

const digestsTo = async (to: string) => (await emailsTo(to)).filter((message) => message.kind === "job-alert-digest");

describe("asking for a job alert", () => {
  it("checks the form with its messages and refuses a flood of confirmation emails to one address", async () => {
    const invalid = await subscribe({ email: "not-an-address", frequency: "hourly" });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({ ok: false, errors: { email: JOB_ALERT_MESSAGES.emailInvalid, frequency: JOB_ALERT_MESSAGES.frequency } });

    const email = uniqueEmail("flood");
    for (let i = 0; i < 5; i++) expect((await subscribe({ email, frequency: "daily", q: `word${i}` })).status).toBe(200);
    const refused = await subscribe({ email, frequency: "daily", q: "one more" });
    expect(refused.status).toBe(429);
    expect(await alertsOf(email)).toHaveLength(5);
  });

  it("is double opt-in: no digest before the emailed link is opened, one alert per address and search, unconfirmed ones forgotten", async () => {
    const acme = await company("Acme");
    const email = uniqueEmail("seeker");
    const answer = await subscribe({ email: email.toUpperCase(), frequency: "daily", remote: "remote", department: "Design" }, acme.slug);
    expect(answer).toMatchObject({ status: 200, data: { ok: true, message: JOB_ALERT_MESSAGES.sent } });

    const [confirmation] = await emailsTo(email);
    // Its link is a secret of which the alert keeps only the hash: the stored body is blanked once sent.
    expect(confirmation).toMatchObject({ kind: "job-alert-confirmation", subject: "Confirm your job alert", sensitive: true });
    const firstLink = await confirmationLink(email);
    expect((await app.bed.mailbox.waitFor(email)).text).toContain(`Jobs · Remote · Design at ${acme.name}`);
    // Both headers of RFC 8058's one-click unsubscribe, stored with the message.
    expect(confirmation!.headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(/^<http:\/\/localhost:3000\/job-alerts\/unsubscribe\/one-click\?token=[0-9a-f-]{36}\.[\w-]{43}>$/),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    // Not confirmed: a new matching job, a digest run, and nothing is sent.
    const job = await createTestJob(db(), acme.staff, { title: "Product Designer", remote_type: "remote", department: "Design" });
    await publishedAt(job.id, ago(HOUR));
    const [pending] = await alertsOf(email);
    expect(pending).toMatchObject({ confirmedAt: null, companyId: acme.staff.companyId, remoteType: "remote", department: "Design", frequency: "daily" });
    await db().update(jobAlerts).set({ nextDigestAt: ago(1000), since: ago(DAY) }).where(eq(jobAlerts.id, pending!.id));
    await runDigests();
    expect(await digestsTo(email)).toEqual([]);

    // Asked again before confirming: the same alert, a new link (the old one stops working), weekly now.
    await subscribe({ email, frequency: "weekly", remote: "remote", department: "Design" }, acme.slug);
    expect(await alertsOf(email)).toHaveLength(1);
    const secondLink = await confirmationLink(email, 1);
    expect((await callLoader(confirmRoute.loader, { path: firstLink })).status).toBe(404);

    const confirmed = await callLoader(confirmRoute.loader, { path: secondLink });
    expect(confirmed).toMatchObject({ status: 200, data: { alert: { description: `Jobs · Remote · Design at ${acme.name}`, frequency: "Weekly" } } });
    expect(confirmed.headers.get("Cache-Control")).toBe("private, no-store");
    const [alert] = await alertsOf(email);
    expect(alert!.confirmedAt).toBeInstanceOf(Date);
    // Jobs from its confirmation on; the first digest a week later.
    expect(alert!.since!.getTime()).toBe(alert!.confirmedAt!.getTime());
    expect(alert!.nextDigestAt!.getTime() - alert!.confirmedAt!.getTime()).toBe(7 * DAY);
    // Opening the link again changes nothing.
    await callLoader(confirmRoute.loader, { path: secondLink });
    expect((await alertsOf(email))[0]!.nextDigestAt).toEqual(alert!.nextDigestAt);

    // Asked again once confirmed: nothing changes, and the email says so.
    await subscribe({ email, frequency: "daily", remote: "remote", department: "Design" }, acme.slug);
    expect(await alertsOf(email)).toMatchObject([{ id: alert!.id, frequency: "weekly" }]);
    expect((await emailsTo(email)).at(-1)).toMatchObject({ kind: "job-alert-exists", subject: "You already have this job alert" });

    // Another address never confirmed: its link lasts 3 days, then the digest task forgets it.
    const forgetful = uniqueEmail("forgetful");
    await subscribe({ email: forgetful, frequency: "daily" });
    const forgottenLink = await confirmationLink(forgetful);
    await db().update(jobAlerts).set({ createdAt: ago(3 * DAY + HOUR) }).where(eq(jobAlerts.email, forgetful));
    expect((await callLoader(confirmRoute.loader, { path: forgottenLink })).status).toBe(404);
    await runDigests();
    expect(await alertsOf(forgetful)).toEqual([]);
    expect(await alertsOf(email)).toHaveLength(1);
  });

  it("answers 404 on a careers page that does not exist", async () => {
    const answer = await callAction(careersRoute.action, { path: "/companies/nobody-here", params: { slug: "nobody-here" }, form: { email: uniqueEmail(), frequency: "daily" } });
    expect(answer.status).toBe(404);
  });
});

describe("the digest", () => {
  it("lists exactly the jobs published since the last one that match the search, filters and company, once", async () => {
    const acme = await company("Acme");
    const rival = await company("Rival");
    const careersEmail = uniqueEmail("careers");
    const boardEmail = uniqueEmail("board");
    const careers = await confirmedAlert({ email: careersEmail, frequency: "daily", remote: "remote" }, acme.slug);
    // The board's alert reads every company's jobs: a word of this test's own keeps other tests' out.
    const tag = Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
    const board = await confirmedAlert({ email: boardEmail, frequency: "daily", q: `designer ${tag}`, type: "full-time" });
    const since = ago(3 * HOUR);

    const post = async (actor: typeof acme.staff, title: string, fields: { type?: "full-time" | "contract"; remote_type?: "remote" | "office" }, at: Date) => {
      const job = await createTestJob(db(), actor, { title, description: `Work with the ${tag} team.`, ...fields });
      await publishedAt(job.id, at);
      return job;
    };
    await post(acme.staff, "Product Designer", { type: "full-time", remote_type: "remote" }, ago(2 * HOUR)); // both
    await post(acme.staff, "Office Designer", { type: "full-time", remote_type: "office" }, ago(2 * HOUR)); // board only
    await post(acme.staff, "Remote Engineer", { type: "full-time", remote_type: "remote" }, ago(2 * HOUR)); // careers only
    await post(rival.staff, "Brand Designer", { type: "full-time", remote_type: "remote" }, ago(2 * HOUR)); // board only
    await post(rival.staff, "Contract Designer", { type: "contract", remote_type: "remote" }, ago(2 * HOUR)); // neither
    await post(acme.staff, "Old Designer", { type: "full-time", remote_type: "remote" }, ago(4 * HOUR)); // before the mark
    const draft = await post(acme.staff, "Draft Designer", { type: "full-time", remote_type: "remote" }, ago(2 * HOUR));
    await setJobStatusDirectly(db(), draft.id, "draft");

    await dueNow([careers.id, board.id], since);
    await runDigests();
    const titlesIn = (body: string) => ["Product Designer", "Office Designer", "Remote Engineer", "Brand Designer", "Contract Designer", "Old Designer", "Draft Designer"].filter((title) => body.includes(`${title} ·`));

    const [careersDigest] = await digestsTo(careersEmail);
    expect(titlesIn(careersDigest!.body)).toEqual(["Product Designer", "Remote Engineer"]);
    expect(careersDigest!.subject).toBe("2 new jobs for your job alert");
    expect(careersDigest!.body).toContain(`New jobs for your alert “Jobs · Remote at ${acme.name}”`);
    expect(careersDigest!.body).toContain(`See every matching job: http://localhost:3000/companies/${acme.slug}?remote=remote`);
    expect(careersDigest!.body).toMatch(/Manage or unsubscribe: http:\/\/localhost:3000\/job-alerts\/unsubscribe\?token=/);
    expect(careersDigest!.headers).toEqual({ "List-Unsubscribe": expect.stringMatching(/^<http:\/\/localhost:3000\/job-alerts\/unsubscribe\/one-click\?token=/), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const [boardDigest] = await digestsTo(boardEmail);
    expect(titlesIn(boardDigest!.body).sort()).toEqual(["Brand Designer", "Office Designer", "Product Designer"]);
    expect(boardDigest!.body).toMatch(/Product Designer · Acme \w+ · Lisbon, Portugal\nhttp:\/\/localhost:3000\/jobs\/[0-9a-f-]{36}\/product-designer\n/);

    // The mark moved and the next digest is a day after this one was due.
    const [moved] = await db().select().from(jobAlerts).where(eq(jobAlerts.id, careers.id));
    expect(moved!.since!.getTime()).toBeGreaterThan(ago(2 * 60_000).getTime());
    expect(moved!.nextDigestAt!.getTime()).toBeGreaterThan(Date.now() + DAY - 5 * 60_000);
    expect(moved!.lastSentAt).toBeInstanceOf(Date);

    // Run again (as after a restart, or the next day): nothing is new, nothing is sent.
    await dueNow([careers.id, board.id]);
    await runDigests();
    expect(await digestsTo(careersEmail)).toHaveLength(1);
    expect(await digestsTo(boardEmail)).toHaveLength(1);

    // A day later: only the job published since.
    await dueNow([careers.id], ago(90 * 60_000));
    await post(acme.staff, "Remote Writer", { remote_type: "remote" }, ago(80 * 60_000));
    await runDigests();
    const digests = await digestsTo(careersEmail);
    expect(digests).toHaveLength(2);
    expect(digests[1]!.subject).toBe("1 new job: Remote Writer");
    expect(digests[1]!.body).not.toContain("Product Designer");
  });

  it("holds at most 20 jobs, featured ones first, and links to the rest", async () => {
    const many = await company("Many");
    const email = uniqueEmail("many");
    const alert = await confirmedAlert({ email, frequency: "weekly" }, many.slug);
    // Role 22 is the oldest, but featured (a promotion): it leads the email rather than falling into "and 3 more".
    for (let i = 0; i < 23; i++) await publishedAt((await createTestJob(db(), many.staff, { title: `Role ${i}`, featured: i === 22 })).id, ago(HOUR + i * 1000));
    await dueNow([alert.id], ago(2 * HOUR));
    await runDigests();
    const [digest] = await digestsTo(email);
    expect(digest!.subject).toBe("23 new jobs for your job alert");
    expect(digest!.body.match(/^Role \d+ ·/gm)).toHaveLength(20);
    expect(digest!.body.match(/^Role \d+ · .*$/gm)![0]).toBe(`Role 22 · ${many.name} · Lisbon, Portugal · Featured`);
    expect(digest!.body).not.toMatch(/^Role (20|21) ·/m);
    expect(digest!.body).toContain(`And 3 more: http://localhost:3000/companies/${many.slug}`);
  });

  it("comes daily or weekly: an alert is left alone until its time", async () => {
    const acme = await company("Acme");
    const dailyEmail = uniqueEmail("daily");
    const weeklyEmail = uniqueEmail("weekly");
    const daily = await confirmedAlert({ email: dailyEmail, frequency: "daily" }, acme.slug);
    const weekly = await confirmedAlert({ email: weeklyEmail, frequency: "weekly" }, acme.slug);
    expect(daily.nextDigestAt!.getTime() - daily.confirmedAt!.getTime()).toBe(DAY);
    expect(weekly.nextDigestAt!.getTime() - weekly.confirmedAt!.getTime()).toBe(7 * DAY);
    await publishedAt((await createTestJob(db(), acme.staff, { title: "Anything" })).id, ago(HOUR));

    // A day on: the daily alert is due, the weekly one is not.
    const dueAt = ago(1000);
    await dueNow([daily.id], ago(2 * HOUR));
    await db().update(jobAlerts).set({ nextDigestAt: new Date(Date.now() + 6 * DAY), since: ago(2 * HOUR) }).where(eq(jobAlerts.id, weekly.id));
    await runDigests();
    expect(await digestsTo(dailyEmail)).toHaveLength(1);
    expect(await digestsTo(weeklyEmail)).toHaveLength(0);
    const [next] = await db().select().from(jobAlerts).where(eq(jobAlerts.id, daily.id));
    expect(Math.abs(next!.nextDigestAt!.getTime() - (dueAt.getTime() + DAY))).toBeLessThan(60_000);

    // Six days on, the weekly one: its digest, and the next a week after.
    await dueNow([weekly.id]);
    await runDigests();
    expect(await digestsTo(weeklyEmail)).toHaveLength(1);
    const [weeklyNext] = await db().select().from(jobAlerts).where(eq(jobAlerts.id, weekly.id));
    expect(weeklyNext!.nextDigestAt!.getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 5 * 60_000);
  });
});

describe("unsubscribing", () => {
  it("a GET shows the alert and changes nothing; a cookieless one-click POST from the mail provider removes it", async () => {
    const acme = await company("Acme");
    const email = uniqueEmail("leaver");
    const alert = await confirmedAlert({ email, frequency: "daily", location: "Berlin" }, acme.slug);
    const [confirmation] = await emailsTo(email);
    const header = new URL(confirmation!.headers!["List-Unsubscribe"]!.slice(1, -1));
    expect(header.pathname).toBe("/job-alerts/unsubscribe/one-click");
    const oneClickPath = header.pathname + header.search;

    // Link scanners open links: a GET of the header's address leads to the page, which only asks.
    const opened = await callLoader(oneClickRoute.loader, { path: oneClickPath });
    expect(opened.status).toBe(302);
    const pagePath = opened.response!.headers.get("Location")!;
    expect(pagePath).toBe(`/job-alerts/unsubscribe${header.search}`);
    const page = await callLoader(unsubscribeRoute.loader, { path: pagePath });
    expect(page).toMatchObject({ status: 200, data: { alert: { description: `Jobs · Berlin at ${acme.name}`, frequency: "Daily" } } });
    expect(await alertsOf(email)).toHaveLength(1);

    // A token that is not ours, or altered, removes nothing.
    const altered = oneClickPath.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect((await callAction(oneClickRoute.action, { path: altered, form: { "List-Unsubscribe": "One-Click" } })).status).toBe(404);
    expect(await alertsOf(email)).toHaveLength(1);

    // RFC 8058: the provider POSTs the body from another site, with no cookie.
    const oneClick = await callAction(oneClickRoute.action, {
      path: oneClickPath,
      form: { "List-Unsubscribe": "One-Click" },
      headers: { origin: "https://mail.example", "sec-fetch-site": "cross-site" },
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.response!.text()).toBe("Unsubscribed.");
    expect(await db().select().from(jobAlerts).where(eq(jobAlerts.id, alert.id))).toEqual([]);
    // Twice is not an error, and the page then says there is nothing left.
    expect((await callAction(oneClickRoute.action, { path: oneClickPath, form: { "List-Unsubscribe": "One-Click" } })).status).toBe(200);
    expect((await callLoader(unsubscribeRoute.loader, { path: pagePath })).data).toMatchObject({ alert: null });
  });

  it("the page's button removes the alert, from the link in a digest's body", async () => {
    const acme = await company("Acme");
    const email = uniqueEmail("button");
    const alert = await confirmedAlert({ email, frequency: "daily" }, acme.slug);
    await publishedAt((await createTestJob(db(), acme.staff, { title: "Anything" })).id, ago(HOUR));
    await dueNow([alert.id], ago(2 * HOUR));
    await runDigests();
    const [digest] = await digestsTo(email);
    const pagePath = linkIn(digest!.body, "/job-alerts/unsubscribe");
    const answer = await callAction(unsubscribeRoute.action, { path: pagePath, form: {} });
    expect(answer).toMatchObject({ status: 200, data: { unsubscribed: true } });
    expect(await alertsOf(email)).toEqual([]);
  });
});
