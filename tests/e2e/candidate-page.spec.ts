import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { linkIn } from "./accounts-mailbox";
import { expect, test } from "./accounts-fixtures";
import { failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

/*
 * Issue 17: the candidate's own page (decision 119). From the link in the confirmation email, a
 * candidate sees where they stand in plain words, corrects their phone, withdraws and downloads their
 * data; a new link is asked for by email without JavaScript; the team sees the withdrawal.
 */

const QUESTION = "Favourite wick?";

test("a candidate withdraws and downloads their data from their own page, and asks for new links without JavaScript", async ({ page, browser, mailbox }) => {
  await registerStaff(page);
  const jobId = await postJob(page, "Chandler", QUESTION);
  const email = uniqueEmail("nell");
  const since = mailbox.messages.length;
  await apply(browser, jobId, { name: "Nell Tallowby", email, answer: "Cotton", question: QUESTION });
  const confirmation = await mailbox.waitFor(email, { subject: /We received your application/, since });
  const link = new URL(linkIn(confirmation, "/my-application/")).pathname;

  const context = await browser.newContext();
  const candidate = await context.newPage();
  const noConsoleErrors = await failOnConsoleErrors(candidate);
  const answer = await candidate.goto(link);
  expect(answer?.headers()).toMatchObject({ "cache-control": "private, no-store", "x-robots-tag": "noindex", "referrer-policy": "same-origin" });
  await expect(candidate.getByRole("heading", { name: "Your application", level: 1 })).toBeVisible();
  await expect(candidate.getByText(/· Chandler/)).toBeVisible();
  await expect(candidate.getByTestId("candidate-status")).toHaveText("Received");

  // Their phone, added.
  const contact = candidate.getByRole("region", { name: "Your contact details" });
  await contact.getByLabel("Phone (optional)").fill("+44 20 7946 0123");
  await contact.getByRole("button", { name: "Save details" }).click();
  await expect(candidate.getByText("Your contact details are saved.")).toBeVisible();
  await expect(contact.getByLabel("Phone (optional)")).toHaveValue("+44 20 7946 0123");

  // A copy of their data.
  const downloading = candidate.waitForEvent("download");
  await candidate.getByTestId("download-data").click();
  const files = unzipSync(new Uint8Array(readFileSync((await (await downloading).path())!)));
  const data = JSON.parse(new TextDecoder().decode(files["candidate.json"]!));
  expect(data.candidate).toMatchObject({ name: "Nell Tallowby", email, phone: "+44 20 7946 0123" });
  expect(JSON.stringify(data.applications[0].answers)).toContain("Cotton");

  // Withdrawing asks them to tick the box first (checked in the browser: no request, no error).
  const withdraw = candidate.getByRole("region", { name: "Withdraw your application" });
  await withdraw.getByRole("button", { name: "Withdraw application" }).click();
  await expect(withdraw.getByText("Tick the box to confirm that you want to withdraw.")).toBeVisible();
  await withdraw.getByLabel("I want to withdraw my application for Chandler").check();
  await withdraw.getByRole("button", { name: "Withdraw application" }).click();
  await expect(candidate.getByText("You have withdrawn your application.")).toBeVisible();
  await expect(candidate.getByTestId("candidate-status")).toHaveText("Closed");
  await expect(candidate.getByText("You withdrew this application.")).toBeVisible();
  await expect(candidate.getByRole("region", { name: "Withdraw your application" })).toHaveCount(0);
  noConsoleErrors();
  await context.close();

  // The team sees it in the history, as the candidate's doing.
  await page.goto("/candidates");
  await page.getByRole("link", { name: "Nell Tallowby" }).click();
  await expect(page.getByText("Nell Tallowby withdrew their application")).toBeVisible();

  // Without JavaScript: a new link by email, which opens the page.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await plain.newPage();
  await visitor.goto("/my-application");
  await visitor.getByLabel("The email address you applied with").fill(email);
  const sinceLinks = mailbox.messages.length;
  await visitor.getByRole("button", { name: "Email me my links" }).click();
  await expect(visitor.getByText(/If that address has applications with us, we have emailed a link to each of them/)).toBeVisible();
  const links = await mailbox.waitFor(email, { subject: /Your applications at/, since: sinceLinks });
  await visitor.goto(new URL(linkIn(links, "/my-application/")).pathname);
  await expect(visitor.getByTestId("candidate-status")).toHaveText("Closed");
  await plain.close();
});
