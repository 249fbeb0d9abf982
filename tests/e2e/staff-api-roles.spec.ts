import { linkIn } from "./accounts-mailbox";
import { expect, test } from "./accounts-fixtures";
import { PASSWORD, registerStaff, uniqueEmail } from "./helpers";

// Decision 112: API keys are an admin's. A recruiter's Settings has no API keys section, and its
// address answers them the role's refusal. (The invitation needs the mailbox's server.)
test("a recruiter does not see Settings › API keys", async ({ page, browser, mailbox }) => {
  await registerStaff(page);
  const invitee = uniqueEmail("recruiter");
  await page.goto("/settings/team");
  const team = page.getByRole("region", { name: "Team" });
  await team.getByLabel("Invite by email").fill(invitee);
  await team.getByLabel("Role", { exact: true }).selectOption({ label: "Recruiter" });
  const since = mailbox.messages.length;
  await team.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(invitee);
  const link = linkIn(await mailbox.waitFor(invitee, { subject: /invited you to join/, since }), "/invitations/");

  const context = await browser.newContext();
  const recruiter = await context.newPage();
  await recruiter.goto(link);
  await recruiter.getByLabel("Full name").fill("Rita Recruiter");
  await recruiter.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await recruiter.getByLabel("Confirm password").fill(PASSWORD);
  await recruiter.getByRole("button", { name: "Create account and join" }).click();
  await expect(recruiter).toHaveURL(/\/dashboard$/);

  await recruiter.goto("/settings");
  const sections = recruiter.getByRole("navigation", { name: "Settings sections" });
  await expect(sections.getByRole("link")).toHaveText(["Profile", "Security"]);
  const answer = await recruiter.goto("/settings/api-keys");
  expect(answer!.status()).toBe(403);
  await expect(recruiter.getByRole("region", { name: "API keys" })).toHaveCount(0);

  // The admin sees it.
  await page.goto("/settings");
  await expect(page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "API keys" })).toBeVisible();
  await context.close();
});
