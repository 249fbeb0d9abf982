import type { Browser, Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { parseInvitation } from "../helpers/ical";
import { linkIn, type Mailbox } from "./accounts-mailbox";
import { expect, test } from "./accounts-fixtures";
import { failOnConsoleErrors, registerStaff, STAFF_NAMES, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

/*
 * Self-scheduling (issue 14, decision 103): a recruiter sends the candidate a link from the pipeline
 * card's Schedule; the candidate, without an account, sees the free times in their own zone, books
 * one, and both get the invitation; two candidates confirming one time at once: one books, the other
 * is told it was taken. Another company's interview ids answer 404.
 */

const QUESTION = "Why this team?";

/**
 * From the pipeline card's Schedule (or, once the card shows an upcoming interview, its name) to the
 * application's Interviews panel, and a link sent to the candidate for the recruiter.
 */
async function sendLink(page: Page, jobId: string, candidateName: string, via: "card" | "name" = "card") {
  await page.goto(`/manage/jobs/${jobId}`);
  if (via === "card") {
    await page.getByTestId("pipeline-card").filter({ hasText: candidateName }).getByRole("link", { name: "Schedule interview" }).click();
    await expect(page.getByRole("heading", { name: candidateName, level: 1 })).toBeVisible();
    // The card opens the scheduling form; a link is the other way to schedule.
    await expect(page.getByRole("form", { name: "Schedule interview" })).toBeVisible();
  } else {
    await page.getByRole("link", { name: candidateName, exact: true }).click();
    await expect(page.getByRole("heading", { name: candidateName, level: 1 })).toBeVisible();
  }
  await page.locator("summary", { hasText: "Send scheduling link" }).click();
  const form = page.getByRole("form", { name: "Send scheduling link" });
  await form.getByLabel("Title").fill("Technical interview");
  await form.getByLabel("Duration").selectOption("45");
  await form.getByLabel("Least notice").selectOption("1");
  await form.getByLabel(STAFF_NAMES.fullName).check();
  await form.getByRole("button", { name: "Send scheduling link" }).click();
  await expect(page.getByText("Scheduling link sent.", { exact: false })).toBeVisible();
  // Newest first.
  await expect(page.getByRole("list", { name: "Scheduling links" }).getByRole("listitem", { name: "Scheduling link: Technical interview" }).first()).toContainText("Open");
}

/** The candidate's page from the link in their email, in Berlin time once the page has read the browser's zone. */
async function openLink(browser: Browser, mailbox: Mailbox, to: string, since: number) {
  const message = await mailbox.waitFor(to, { subject: /Pick a time for your interview/, since });
  const context = await browser.newContext({ timezoneId: "Europe/Berlin" });
  const page = await context.newPage();
  const noConsoleErrors = await failOnConsoleErrors(page);
  const answer = await page.goto(new URL(linkIn(message, "/schedule/")).pathname);
  // Decision 103: never kept by a cache, never indexed, and the token in the address not sent to other sites.
  expect(answer?.headers()).toMatchObject({ "cache-control": "private, no-store", "x-robots-tag": "noindex", "referrer-policy": "same-origin" });
  await expect(page).toHaveURL(/tz=Europe%2FBerlin/);
  await expect(page.getByText("Times are shown in Europe/Berlin.")).toBeVisible();
  return Object.assign(page, { noConsoleErrors });
}

test("a candidate books a time from their scheduling link, both get the invitation, and a second booking of one time is refused", async ({ page, browser, mailbox }) => {
  test.setTimeout(120_000);
  const noConsoleErrors = await failOnConsoleErrors(page);
  const staffEmail = await registerStaff(page);
  const jobId = await postJob(page, "Platform Engineer", QUESTION);
  const ada = uniqueEmail("ada");
  await apply(browser, jobId, { name: "Ada Lovelace", email: ada, question: QUESTION, answer: "Engines" });

  const since = mailbox.messages.length;
  await sendLink(page, jobId, "Ada Lovelace");
  const candidate = await openLink(browser, mailbox, ada, since);
  await expect(candidate.getByRole("heading", { name: "Pick a time for your interview" })).toBeVisible();
  await expect(candidate.getByText(`Technical interview: 45 minutes with ${STAFF_NAMES.fullName}.`)).toBeVisible();

  // The last free time, far down the list: a link to confirm it, shown at the top where the candidate
  // is taken, then the booking.
  const last = candidate.getByRole("listitem").getByRole("link").last();
  const label = await last.getAttribute("aria-label");
  await last.click();
  await expect(candidate).toHaveURL(/slot=/);
  const slot = new Date(new URL(candidate.url()).searchParams.get("slot")!);
  await expect(candidate.getByRole("heading", { name: /^Book .*\(Europe\/Berlin\)\?$/ })).toBeInViewport();
  await expect(candidate.getByRole("link", { name: label! })).toHaveAttribute("aria-current", "true");
  const beforeBooking = mailbox.messages.length;
  await candidate.getByRole("button", { name: "Confirm booking" }).click();
  await expect(candidate.getByRole("heading", { name: "You're booked" })).toBeVisible();
  await expect(candidate.getByText(label!.split(", ")[0]!, { exact: false })).toBeVisible();

  // Both parties get the invitation for that instant.
  const dtstart = slot.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  for (const to of [ada, staffEmail]) {
    const message = await mailbox.waitFor(to, { subject: /Interview invitation/, since: beforeBooking });
    const parsed = await simpleParser(message.raw);
    const file = parsed.attachments.find((attachment) => attachment.filename === "invite.ics");
    const ics = parseInvitation(file!.content.toString("utf8"));
    expect(ics).toMatchObject({ method: "REQUEST", sequence: 0, dtstartText: dtstart });
    expect(ics.attendees.sort()).toEqual([ada, staffEmail].map((a) => a.toLowerCase()).sort());
  }
  // The link is used: opening it again says so; the recruiter sees it booked, and the interview listed.
  await candidate.reload();
  await expect(candidate.getByRole("heading", { name: "You're booked" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("listitem", { name: "Scheduling link: Technical interview" })).toContainText("Booked");
  await expect(page.getByRole("listitem", { name: "Scheduling link: Technical interview" })).not.toContainText("Withdraw");
  await expect(page.getByRole("list", { name: "Interviews" }).getByRole("listitem", { name: "Technical interview" })).toBeVisible();
  await candidate.context().close();

  // Two more candidates, two links offering the same interviewer: both confirm the same time at once.
  const grace = uniqueEmail("grace");
  const alan = uniqueEmail("alan");
  await apply(browser, jobId, { name: "Grace Hopper", email: grace, question: QUESTION, answer: "Compilers" });
  await apply(browser, jobId, { name: "Alan Turing", email: alan, question: QUESTION, answer: "Machines" });
  const sinceLinks = mailbox.messages.length;
  await sendLink(page, jobId, "Grace Hopper");
  await sendLink(page, jobId, "Alan Turing");
  const pages = [await openLink(browser, mailbox, grace, sinceLinks), await openLink(browser, mailbox, alan, sinceLinks)];
  for (const each of pages) {
    await each.getByRole("listitem").getByRole("link").first().click();
    await expect(each.getByRole("button", { name: "Confirm booking" })).toBeVisible();
  }
  expect(new URL(pages[0]!.url()).searchParams.get("slot")).toBe(new URL(pages[1]!.url()).searchParams.get("slot"));
  await Promise.all(pages.map((each) => each.getByRole("button", { name: "Confirm booking" }).click()));
  const outcomes = await Promise.all(
    pages.map(async (each) => {
      const booked = each.getByRole("heading", { name: "You're booked" });
      const taken = each.getByRole("alert").filter({ hasText: "Sorry, that time has just been taken. Please pick another." });
      await expect(booked.or(taken)).toBeVisible();
      return (await booked.isVisible()) ? "booked" : "taken";
    }),
  );
  expect(outcomes.sort()).toEqual(["booked", "taken"]);
  noConsoleErrors();
});

test("another company's interviews and scheduling links are not found", async ({ page, browser, mailbox }) => {
  await registerStaff(page);
  const jobId = await postJob(page, "Data Engineer", QUESTION);
  const ada = uniqueEmail("ada");
  await apply(browser, jobId, { name: "Ada Lovelace", email: ada, question: QUESTION, answer: "Engines" });
  const since = mailbox.messages.length;
  await sendLink(page, jobId, "Ada Lovelace");
  const candidate = await openLink(browser, mailbox, ada, since);
  await candidate.getByRole("listitem").getByRole("link").first().click();
  await candidate.getByRole("button", { name: "Confirm booking" }).click();
  await expect(candidate.getByRole("heading", { name: "You're booked" })).toBeVisible();
  await candidate.context().close();
  // A second link, left open: its Withdraw form holds its id. The card now shows the interview, not Schedule.
  await page.goto(`/manage/jobs/${jobId}`);
  await expect(page.getByTestId("pipeline-card").filter({ hasText: "Ada Lovelace" })).toContainText("Interview");
  await expect(page.getByTestId("pipeline-card").filter({ hasText: "Ada Lovelace" }).getByRole("link", { name: "Schedule interview" })).toHaveCount(0);
  await sendLink(page, jobId, "Ada Lovelace", "name");
  const applicationPath = new URL(page.url()).pathname;
  const interviewId = await page.locator("input[name=interviewId]").first().inputValue();
  const linkId = (await page.getByRole("button", { name: "Withdraw the scheduling link for Technical interview" }).getAttribute("value"))!.replace("withdraw-link-", "");

  // Another company's recruiter, on their own application: the first company's interview id is not found.
  const other = await browser.newContext();
  const theirs = await other.newPage();
  await registerStaff(theirs);
  const theirJob = await postJob(theirs, "Their Job", QUESTION);
  await apply(browser, theirJob, { name: "Tom Other", email: uniqueEmail("tom"), question: QUESTION, answer: "Mine" });
  await theirs.goto(`/manage/jobs/${theirJob}`);
  await theirs.getByRole("link", { name: "Tom Other", exact: true }).click();
  await expect(theirs.getByRole("heading", { name: "Tom Other", level: 1 })).toBeVisible();
  const theirPath = new URL(theirs.url()).pathname;
  for (const intent of ["cancel-interview", "reschedule-interview", "withdraw-scheduling-link"]) {
    const answer = await theirs.request.post(theirPath, {
      form: { intent, interviewId, linkId, title: "Moved", date: "2027-01-04", startTime: "10:00", durationMinutes: "30", timeZone: "UTC", interviewerIds: "x" },
      maxRedirects: 0,
    });
    expect(answer.status(), `${intent}: ${(await answer.text()).slice(0, 300)}`).toBe(404);
  }
  expect((await theirs.goto(applicationPath))?.status()).toBe(404);
  await other.close();
  // Nothing changed for the first company.
  await page.reload();
  await expect(page.getByRole("list", { name: "Interviews" }).getByRole("listitem", { name: "Technical interview" })).not.toContainText("Cancelled");
  await expect(page.getByRole("list", { name: "Scheduling links" })).toContainText("Open");
});
