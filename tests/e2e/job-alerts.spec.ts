import { randomBytes } from "node:crypto";
import { type Mailbox, linkIn } from "./accounts-mailbox";
import { expect, test } from "./accounts-fixtures";
import { accessibilityProblems, candidateContext, failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";

/** Issue 16, job alerts (decision 111): asked for on a careers page without JavaScript, confirmed from the email, unsubscribed in one click. */

const headerOf = (raw: string, name: string) => raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ").match(new RegExp(`^${name}: (.*)$`, "im"))?.[1]?.trim();

async function confirmationTo(mailbox: Mailbox, email: string) {
  return mailbox.waitFor(email, { subject: /Confirm your job alert/ });
}

test("a visitor asks for a careers page's job alerts without JavaScript, confirms from the email and unsubscribes in one click", async ({ page, browser, mailbox, appUrl, request }) => {
  const word = randomBytes(4).toString("hex");
  await registerStaff(page, undefined, { companyName: `Alerts ${word}` });
  await page.goto("/settings/careers");
  const slug = await page.getByLabel("Address").inputValue();

  const candidate = await candidateContext(browser, { javaScriptEnabled: false, baseURL: appUrl });
  const visitor = await candidate.newPage();
  await visitor.goto(`/companies/${slug}?remote=remote`);
  const alerts = visitor.getByRole("region", { name: "Get job alerts" });
  await expect(alerts).toContainText(`Jobs · Remote at Alerts ${word}`);
  await alerts.getByRole("button", { name: "Get job alerts" }).click();
  await expect(alerts.getByText("Email is required")).toBeVisible();
  await expect(alerts.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  const email = uniqueEmail("seeker");
  await alerts.getByLabel("Email").fill(email);
  await alerts.getByLabel("How often").selectOption("weekly");
  await alerts.getByRole("button", { name: "Get job alerts" }).click();
  await expect(alerts.getByRole("status")).toHaveText("Almost done: we sent you an email. Open the link in it to start your job alert.");
  await expect(visitor).toHaveURL(new RegExp(`/companies/${slug}\\?remote=remote$`));

  // That answer was this visitor's: the same page for someone else still offers the form.
  const other = await candidate.newPage();
  await other.goto(`/companies/${slug}?remote=remote`);
  await expect(other.getByRole("region", { name: "Get job alerts" }).getByRole("button", { name: "Get job alerts" })).toBeVisible();

  const confirmation = await confirmationTo(mailbox, email);
  expect(confirmation.text).toContain(`Jobs · Remote at Alerts ${word}`);
  const unsubscribe = headerOf(confirmation.raw, "List-Unsubscribe");
  expect(unsubscribe).toMatch(new RegExp(`^<${appUrl}/job-alerts/unsubscribe/one-click\\?token=[\\w.-]+>$`));
  expect(headerOf(confirmation.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

  await visitor.goto(linkIn(confirmation, "/job-alerts/confirm"));
  await expect(visitor.getByRole("heading", { level: 1, name: "Your job alert is on." })).toBeVisible();
  await expect(visitor.getByText(`Jobs · Remote at Alerts ${word}`)).toBeVisible();
  await expect(visitor.getByText("Weekly digest, only when there are new jobs.")).toBeVisible();

  // Opening the unsubscribe address only asks.
  const unsubscribeUrl = unsubscribe!.slice(1, -1);
  await visitor.goto(unsubscribeUrl);
  await expect(visitor).toHaveURL(/\/job-alerts\/unsubscribe\?token=/);
  await expect(visitor.getByRole("heading", { level: 1, name: "Unsubscribe from this job alert?" })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("button", { name: "Unsubscribe" })).toBeVisible();

  // The mail provider's one-click POST comes from another site with no cookie: let through at that
  // address alone, while any other cross-site post is still refused.
  const crossSite = { Origin: "https://mail.example", "Sec-Fetch-Site": "cross-site" };
  const refused = await request.post(`${appUrl}/companies/${slug}`, { headers: crossSite, form: { email: uniqueEmail(), frequency: "daily" } });
  expect(refused.status()).toBe(403);
  const oneClick = await request.post(unsubscribeUrl, { headers: crossSite, form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBe(200);
  expect(await oneClick.text()).toBe("Unsubscribed.");
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1, name: "No job alert here" })).toBeVisible();
  await candidate.close();
});

test("the board offers alerts for its search, and the pages read well with JavaScript", async ({ page, mailbox }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await page.goto("/jobs?q=designer&type=full-time");
  const alerts = page.getByRole("region", { name: "Get job alerts" });
  await expect(alerts).toContainText("Jobs matching “designer” · Full-time");
  expect(await accessibilityProblems(page)).toEqual([]);
  const email = uniqueEmail("board");
  await alerts.getByLabel("Email").fill(email);
  await alerts.getByRole("button", { name: "Get job alerts" }).click();
  await expect(alerts.getByRole("status")).toContainText("Almost done");
  await page.goto(linkIn(await confirmationTo(mailbox, email), "/job-alerts/confirm"));
  await expect(page.getByRole("heading", { level: 1, name: "Your job alert is on." })).toBeVisible();
  await expect(page.getByText("Jobs matching “designer” · Full-time")).toBeVisible();
  expect(await accessibilityProblems(page)).toEqual([]);
  await noConsoleErrors();
});
