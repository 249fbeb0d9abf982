import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { candidateContext, failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";

test("a recruiter posts a job with a required select and a custom stage; a candidate finds it, fixes mistakes and applies", async ({ page, browser }) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  const word = `zq${randomBytes(4).toString("hex")}`;
  const title = `Lighthouse Keeper ${word}`;
  await registerStaff(page);

  await page.goto("/manage/jobs");
  await page.getByRole("link", { name: "Post New Job" }).click();
  await expect(page.getByRole("heading", { name: "Create New Job" })).toBeVisible();

  // The browser checks the spec's rules before posting.
  await page.getByRole("button", { name: "Create Job" }).click();
  await expect(page.getByText("Job title is required")).toBeVisible();
  await expect(page.getByText("Job description is required")).toBeVisible();

  await page.getByLabel("Job title").fill(title);
  // A fixed field loses its message at once; the other keeps its own.
  await expect(page.getByText("Job title is required")).toHaveCount(0);
  await expect(page.getByLabel("Job title")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Job description is required")).toBeVisible();
  await page.getByLabel("Description", { exact: true }).fill("Keep the light burning.\nWatch the sea.");
  await page.getByLabel("Requirements").fill("Comfortable with stairs.");
  await page.getByLabel("Location").fill("Sagres, Portugal");
  await page.getByLabel("Job type").selectOption("part-time");
  await page.getByLabel("Remote type").selectOption("office");
  // "40k" is read as 40000 (and shown as €40,000 on the board).
  await page.getByLabel("Minimum salary").fill("40k");
  await page.getByLabel("Maximum salary").fill("30000");
  await page.getByLabel("Currency").fill("EUR");
  await page.getByLabel("Salary period").selectOption("yearly");

  await page.getByRole("button", { name: "Add field" }).click();
  const field = page.getByRole("group", { name: "Field 1" });
  await field.getByLabel("Label").fill("Shift preference");
  await field.getByLabel("Type").selectOption("select");
  await field.getByLabel("Options").fill("Night, , Day ");
  await field.getByLabel("Required").check();
  // A second field without a label is left out; removing renumbers.
  await page.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByRole("group", { name: "Field 2" })).toBeVisible();
  await page.getByRole("button", { name: "Remove field 2" }).click();
  await expect(page.getByRole("group", { name: "Field 2" })).toHaveCount(0);

  await expect(page.getByLabel("Stage 8 name")).toHaveValue("Rejected");
  // Issue 13: a new stage lands before Hired and Rejected, and the order changes by keyboard.
  await page.getByRole("button", { name: "Add stage" }).click();
  await page.getByLabel("Stage 7 name").fill("Night shift trial");
  await expect(page.getByLabel("Stage 8 name")).toHaveValue("Hired");
  await expect(page.getByLabel("Stage 9 name")).toHaveValue("Rejected");
  await page.getByRole("button", { name: "Remove stage 2" }).click();
  await expect(page.getByLabel("Stage 2 name")).toHaveValue("First Interview");
  await page.getByRole("button", { name: "Move stage 6 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Stage 5 name")).toHaveValue("Night shift trial");
  await expect(page.getByLabel("Stage 6 name")).toHaveValue("Offer");
  await expect(page.getByRole("button", { name: "Move stage 5 up" })).toBeFocused();

  await page.getByRole("button", { name: "Create Job" }).click();
  await expect(page.getByText("Minimum salary cannot be greater than maximum salary.")).toBeVisible();
  await page.getByLabel("Maximum salary").fill("50000");
  await expect(page.getByText("Minimum salary cannot be greater than maximum salary.")).toHaveCount(0);
  await page.getByRole("button", { name: "Create Job" }).click();

  await expect(page).toHaveURL(/\/manage\/jobs$/);
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("published");
  await expect(row).toContainText("0 candidates");
  // One spelling of the job type everywhere, as displayed (no CSS capitalising).
  await expect(row).toContainText("Part-time", { useInnerText: true });

  // Its pipeline: the stages in the order chosen, and the job's status controls there (issue 13).
  await row.getByRole("link", { name: "Manage Pipeline" }).click();
  await expect(page.getByRole("list", { name: "Pipeline stages" }).getByRole("heading", { level: 2 })).toHaveText([
    /^Applied/, /^First Interview/, /^Technical Assessment/, /^Final Interview/, /^Night shift trial/, /^Offer/, /^Hired/, /^Rejected/,
  ]);
  const pipelineUrl = page.url();
  await page.getByRole("group", { name: "Job" }).getByRole("button", { name: "Move to draft" }).click();
  await expect(page.getByText("Job moved to draft.")).toBeVisible();
  expect(page.url()).toBe(pipelineUrl);
  await page.getByRole("group", { name: "Job" }).getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Job published.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Job" }).getByRole("link", { name: "Edit job" })).toHaveAttribute("href", /\/edit$/);
  await page.goto("/manage/jobs");
  noConsoleErrors();

  // A candidate, not signed in, finds it on the board and by search.
  const candidate = await candidateContext(browser);
  const visitor = await candidate.newPage();
  const noVisitorErrors = await failOnConsoleErrors(visitor);
  await visitor.goto("/jobs");
  await expect(visitor.getByRole("link", { name: title, exact: true })).toBeVisible();
  await visitor.getByLabel("Search jobs").fill(word);
  await visitor.getByRole("button", { name: "Search" }).click();
  await expect(visitor).toHaveURL(new RegExp(`/jobs\\?q=${word}$`));
  await expect(visitor.getByRole("listitem")).toHaveCount(1);
  await expect(visitor.getByText("€40,000 - €50,000 yearly")).toBeVisible();
  // One spelling of the type, as rendered (innerText sees CSS text-transform).
  await expect(visitor.getByRole("listitem")).toContainText("Sagres, Portugal · Part-time · Office", { useInnerText: true });
  await visitor.getByLabel("Search jobs").fill(`${word}x`);
  await visitor.getByRole("button", { name: "Search" }).click();
  await expect(visitor.getByText("No matching jobs found")).toBeVisible();
  await visitor.goBack();

  await visitor.getByRole("link", { name: `Apply Now: ${title}` }).click();
  await expect(visitor).toHaveURL(/\/jobs\/[0-9a-f-]+\/lighthouse-keeper-zq[0-9a-f]+\/apply$/);
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Apply Now" })).toHaveCount(0);
  await expect(visitor.getByRole("article")).toContainText("Part-time", { useInnerText: true });
  const applyUrl = visitor.url();

  await visitor.getByLabel("Email").fill("not-an-email");
  await visitor.getByLabel("Resume URL").fill("my resume");
  await visitor.getByLabel(/agree to .*privacy notice/).check();
  await visitor.getByRole("button", { name: "Submit Application" }).click();
  await expect(visitor.getByText("Full name is required")).toBeVisible();
  await expect(visitor.getByText("Invalid email address")).toBeVisible();
  await expect(visitor.getByText("Please enter a valid URL")).toBeVisible();
  await expect(visitor.getByText("This field is required")).toBeVisible();
  await expect(visitor.getByLabel("Shift preference")).toHaveAttribute("aria-invalid", "true");

  const email = uniqueEmail("candidate");
  await visitor.getByLabel("Full name").fill("Grace <b>Hopper</b>");
  await visitor.getByLabel("Email").fill(email);
  await visitor.getByLabel("Resume URL").fill("https://example.com/grace.pdf");
  await visitor.getByLabel("Cover letter").fill("I love lighthouses.");
  await visitor.getByLabel("Shift preference").selectOption("Night");
  await visitor.getByLabel(/agree to .*privacy notice/).check();
  await visitor.getByRole("button", { name: "Submit Application" }).click();
  await expect(visitor).toHaveURL(/\/jobs\?applied=1$/);
  await expect(visitor.getByText("Application submitted successfully! We will contact you soon.")).toBeVisible();
  noVisitorErrors();

  // The same email again is told so.
  await visitor.goto(applyUrl);
  await visitor.getByLabel("Full name").fill("Grace Hopper");
  await visitor.getByLabel("Email").fill(email.toUpperCase());
  await visitor.getByLabel("Shift preference").selectOption("Day");
  await visitor.getByLabel(/agree to .*privacy notice/).check();
  await visitor.getByRole("button", { name: "Submit Application" }).click();
  await expect(visitor.getByText("You have already applied to this job with this email address.")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("1 candidate");
  await candidate.close();
});

test("closing a job takes it off the board and stops applications; reopening brings it back", async ({ page, browser }) => {
  const title = `Cartographer ${randomBytes(4).toString("hex")}`;
  await registerStaff(page);
  await page.goto("/manage/jobs/new");
  await page.getByLabel("Job title").fill(title);
  await page.getByLabel("Description", { exact: true }).fill("Draw maps.");
  await page.getByRole("button", { name: "Create Job" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs$/);
  const liveHref = await page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: "View Live Job" }).getAttribute("href");

  const visitor = await (await candidateContext(browser)).newPage();
  await visitor.goto(liveHref!);
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();

  await page.getByRole("link", { name: `Edit ${title}` }).click();
  // Closing asks first; Cancel (or Escape) leaves the job as it was.
  await page.getByRole("button", { name: "Close job" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Close this job?" });
  await expect(confirm).toContainText("It leaves the public job board and stops accepting applications.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await page.getByRole("button", { name: "Close job" }).click();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText("This job is on the public job board")).toBeVisible();
  await page.getByRole("button", { name: "Close job" }).click();
  await confirm.getByRole("button", { name: "Close job" }).click();
  await expect(page.getByText("This job is closed")).toBeVisible();

  const closed = await visitor.goto(liveHref!);
  expect(closed?.status()).toBe(410);
  await expect(visitor.getByRole("heading", { name: "This job is no longer accepting applications" })).toBeVisible();
  await visitor.getByRole("link", { name: "Back to Job Board" }).click();
  await expect(visitor.getByRole("link", { name: title, exact: true })).toHaveCount(0);

  await page.getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByText("This job is on the public job board")).toBeVisible();
  await visitor.goto("/jobs");
  await expect(visitor.getByRole("link", { name: title, exact: true })).toBeVisible();

  // Editing the title shows at once on the board, and the old address redirects to the new one.
  await page.getByLabel("Job title").fill(`${title} II`);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs$/);
  await visitor.goto("/jobs");
  await expect(visitor.getByRole("link", { name: `${title} II`, exact: true })).toBeVisible();
  await visitor.goto(liveHref!);
  await expect(visitor).toHaveURL(/-ii\/apply$/);
  await expect(visitor.getByRole("heading", { name: `${title} II` })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the job page and apply form work and the server answers the messages", async ({ page }) => {
    const response = await page.goto("/jobs/00000000-0000-4000-8000-000000000000/anything");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Job not found or no longer available" })).toBeVisible();
  });
});

test.describe("without JavaScript, end to end", () => {
  test.use({ javaScriptEnabled: false });

  test("the builder's buttons, the post and the application all work by plain form posts", async ({ page, browser }) => {
    const title = `Beekeeper ${randomBytes(4).toString("hex")}`;
    // Sign-up needs no JavaScript either.
    await page.goto("/register");
    await page.getByLabel("Email").fill(uniqueEmail());
    await page.getByLabel("Password", { exact: true }).fill("correct horse battery staple");
    await page.getByLabel("Confirm password").fill("correct horse battery staple");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto("/manage/jobs/new");
    await page.getByLabel("Job title").fill(title);
    await page.getByLabel("Description", { exact: true }).fill("Keep the bees happy.");
    await page.getByRole("button", { name: "Add field" }).click();
    // The server answered the form with one more field, keeping what was typed.
    await expect(page.getByLabel("Job title")).toHaveValue(title);
    const field = page.getByRole("group", { name: "Field 1" });
    await field.getByLabel("Label").fill("Allergic to stings?");
    await field.getByLabel("Type").selectOption("radio");
    await field.getByLabel("Options").fill("Yes, No");
    await field.getByLabel("Required").check();
    await page.getByRole("button", { name: "Remove stage 8" }).click();
    await expect(page.getByLabel("Stage 8 name")).toHaveCount(0);
    // Reordering posts too: the server answers the form with Offer before Final Interview.
    await page.getByRole("button", { name: "Move stage 6 up" }).click();
    await expect(page.getByLabel("Stage 5 name")).toHaveValue("Offer");
    await expect(page.getByLabel("Stage 6 name")).toHaveValue("Final Interview");
    await expect(page.getByRole("group", { name: "Field 1" }).getByLabel("Label")).toHaveValue("Allergic to stings?");
    await page.getByRole("button", { name: "Create Job" }).click();
    await expect(page).toHaveURL(/\/manage\/jobs$/);
    const href = await page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: "View Live Job" }).getAttribute("href");

    const visitor = await (await candidateContext(browser, { javaScriptEnabled: false })).newPage();
    await visitor.goto(href!);
    await visitor.getByLabel("Full name").fill("Maya Bee");
    await visitor.getByLabel("Email").fill("maya@example.test");
    await visitor.getByLabel(/agree to .*privacy notice/).check();
    await visitor.getByRole("button", { name: "Submit Application" }).click();
    await expect(visitor.getByText("This field is required")).toBeVisible();
    await expect(visitor.getByLabel("Full name")).toHaveValue("Maya Bee");
    await visitor.getByLabel("No", { exact: true }).check();
    await visitor.getByLabel(/agree to .*privacy notice/).check();
    await visitor.getByRole("button", { name: "Submit Application" }).click();
    await expect(visitor.getByText("Application submitted successfully! We will contact you soon.")).toBeVisible();
  });
});

test("the honeypot stores nothing and one client is limited to 20 applications an hour", async ({ page, request }) => {
  const title = `Falconer ${randomBytes(4).toString("hex")}`;
  await registerStaff(page);
  await page.goto("/manage/jobs/new");
  await page.getByLabel("Job title").fill(title);
  await page.getByLabel("Description", { exact: true }).fill("Fly the falcons.");
  await page.getByRole("button", { name: "Create Job" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs$/);
  const href = (await page.getByRole("row", { name: new RegExp(title) }).getByRole("link", { name: "View Live Job" }).getAttribute("href"))!;

  // The server trusts a proxy on loopback, so each test client can have an address of its own.
  const client = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const apply = (form: Record<string, string>) =>
    request.post(href, { form: { candidate_name: "Bot", candidate_email: uniqueEmail("rl"), privacy_consent: "on", ...form }, headers: { "X-Forwarded-For": client }, maxRedirects: 0 });

  const bot = await apply({ company_website: "https://spam.example" });
  expect(bot.status()).toBe(302);
  expect(bot.headers().location).toBe("/jobs?applied=1");
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("0 candidates");

  for (let i = 0; i < 20; i++) expect((await apply({})).status()).toBe(302);
  const limited = await apply({});
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await limited.text()).toContain("Too many attempts");
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("20 candidates");

  // Product decision 3: /jobs/{id} is the pipeline for the owning company's staff, the job page for others.
  const id = href.split("/")[2]!;
  const anonymous = await request.get(`/jobs/${id}`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe(href.replace(/\/apply$/, ""));
  await page.goto(`/jobs/${id}`);
  await expect(page).toHaveURL(new RegExp(`/manage/jobs/${id}$`));
});
