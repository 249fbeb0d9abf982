import { linkIn } from "./accounts-mailbox";
import { expect, test } from "./accounts-fixtures";
import { accessibilityProblems, failOnConsoleErrors, openApplicationTab, PASSWORD, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

test("a recruiter mentions a teammate in a note through the suggestions; the teammate sees the bell, opens /notifications and lands on the note", async ({
  page,
  browser,
  mailbox,
}) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page, uniqueEmail("olive"), { fullName: "Olive Owner", companyName: "Notes Inc" });

  // The teammate joins through an invitation.
  const teammate = uniqueEmail("nina");
  await page.goto("/settings/team");
  await page.getByRole("region", { name: "Team" }).getByLabel("Invite by email").fill(teammate);
  const invited = mailbox.messages.length;
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent.")).toBeVisible();
  const link = linkIn(await mailbox.waitFor(teammate, { subject: /invited you to join Notes Inc/, since: invited }), "/invitations/");
  const context = await browser.newContext();
  const other = await context.newPage();
  const otherHasNoConsoleErrors = await failOnConsoleErrors(other);
  await other.goto(link);
  await other.getByLabel("Full name").fill("Nina Newcomer");
  await other.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await other.getByLabel("Confirm password").fill(PASSWORD);
  await other.getByRole("button", { name: "Create account and join" }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(other.getByRole("link", { name: "Notifications", exact: true }).first()).toBeVisible();

  const question = "Why us?";
  const jobId = await postJob(page, "Lighthouse Keeper", question);
  await apply(browser, jobId, { name: "Grace Hopper", email: uniqueEmail("grace"), question, answer: "Lights" });
  await page.goto(`/manage/jobs/${jobId}`);
  await page.getByRole("link", { name: "Grace Hopper" }).click();
  await expect(page.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();
  await openApplicationTab(page, "Notes");

  // "@ni" offers Nina; ↓ and Enter write the mention, and the note keeps its link and line break.
  const notes = page.getByRole("region", { name: "Notes" });
  await expect(notes.getByText("No notes yet.")).toBeVisible();
  const editor = notes.getByLabel("Add a note");
  await editor.click();
  // "@" alone offers everyone; Escape closes the list and leaves the text.
  await editor.pressSequentially("@");
  const suggestions = page.getByRole("listbox", { name: "Teammates" });
  await expect(suggestions.getByRole("option")).toHaveCount(2);
  await editor.press("Escape");
  await expect(suggestions).toHaveCount(0);
  await editor.press("Backspace");
  await expect(editor).toHaveValue("");
  await editor.pressSequentially("Strong call. @ni");
  await expect(suggestions.getByRole("option")).toHaveText(["Nina Newcomer" + teammate]);
  await editor.press("ArrowDown");
  await expect(suggestions.getByRole("option", { name: /Nina Newcomer/ })).toHaveAttribute("aria-selected", "true");
  // A fast typist's next key can come before the browser's next frame. Here every frame comes only with
  // the next key typed: the caret must already be after the mention (it once waited for a frame, and
  // was moved back there after "p", which went to the end).
  await page.evaluate(() => {
    window.requestAnimationFrame = (callback) => {
      document.addEventListener("input", () => callback(performance.now()), { once: true, capture: true });
      return 0;
    };
  });
  await editor.press("Enter");
  await expect(suggestions).toHaveCount(0);
  await editor.pressSequentially("please review.");
  await editor.press("Shift+Enter");
  await editor.pressSequentially("Portfolio: https://example.com/grace");
  // The mention reads as the name; the note is sent with its token (decision 101).
  await expect(editor).toHaveValue("Strong call. @Nina Newcomer please review.\nPortfolio: https://example.com/grace");
  const emailed = mailbox.messages.length;
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Note added.")).toBeVisible();
  const note = notes.getByRole("listitem").first();
  await expect(note.locator("[data-mention]")).toHaveText("@Nina Newcomer");
  await expect(note.getByRole("link", { name: "https://example.com/grace" })).toHaveAttribute("rel", "noopener noreferrer nofollow");
  expect(await accessibilityProblems(page)).toEqual([]);
  // "At once" is everyone's default: the email arrives with the note's address.
  const email = await mailbox.waitFor(teammate, { subject: /Olive Owner mentioned you in a note on Grace Hopper \(Lighthouse Keeper\)/, since: emailed });
  expect(email.text).toContain("> Strong call. @Nina Newcomer please review.");

  // The teammate: the bell says 1, /notifications lists it, and its link leads to the note.
  await other.goto("/dashboard");
  const bell = other.getByRole("link", { name: "Notifications, 1 unread" }).first();
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(other).toHaveURL(/\/notifications$/);
  await expect(other.getByRole("heading", { name: "Notifications" })).toBeVisible();
  expect(await accessibilityProblems(other)).toEqual([]);
  await other.getByRole("link", { name: /Olive Owner mentioned you on Grace Hopper \(Lighthouse Keeper\)/ }).click();
  await expect(other).toHaveURL(/\/applications\/[\w-]+\?tab=notes#note-[\w-]+$/);
  await expect(other.getByRole("region", { name: "Notes" }).getByRole("listitem").first()).toContainText("Strong call. @Nina Newcomer please review.");
  // A link to the note from before the page had tabs (in an older email) opens the Notes tab at it.
  const noteUrl = new URL(other.url());
  await other.goto(`${noteUrl.pathname}${noteUrl.hash}`);
  await expect(other).toHaveURL(/\?tab=notes#note-[\w-]+$/);
  await expect(other.getByRole("region", { name: "Notes" }).getByRole("listitem").first()).toContainText("Strong call. @Nina Newcomer please review.");
  // Nina cannot edit Olive's note; the notification is read now.
  await expect(other.getByRole("region", { name: "Notes" }).getByRole("link", { name: /^Edit your note/ })).toHaveCount(0);
  await other.goto("/dashboard");
  await expect(other.getByRole("link", { name: "Notifications", exact: true }).first()).toBeVisible();

  // Olive edits her own note, choosing a mention with the mouse: it shows "edited".
  await note.getByRole("link", { name: /^Edit your note/ }).click();
  const edit = notes.getByRole("textbox", { name: "Edit your note" });
  await expect(edit).toHaveValue("Strong call. @Nina Newcomer please review.\nPortfolio: https://example.com/grace");
  await edit.fill("Strong call. ");
  await edit.press("End");
  await edit.pressSequentially("@ol");
  await suggestions.getByRole("option", { name: /Olive Owner/ }).click();
  await expect(edit).toHaveValue("Strong call. @Olive Owner ");
  await notes.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByText("Note saved.")).toBeVisible();
  await expect(notes.getByRole("listitem").first()).toContainText("edited");
  await expect(notes.getByRole("listitem").first().locator("[data-mention]")).toHaveText("@Olive Owner");

  // The candidate's page shows the note with its job; deleting it is confirmed.
  await page.getByRole("link", { name: "Candidate profile" }).click();
  const candidateNotes = page.getByRole("region", { name: "Notes" });
  await expect(candidateNotes.getByRole("listitem").first().getByRole("link", { name: "Lighthouse Keeper" })).toBeVisible();
  expect(await accessibilityProblems(page)).toEqual([]);
  await candidateNotes.getByRole("button", { name: /^Delete your note/ }).click();
  await page.getByRole("alertdialog", { name: "Delete this note?" }).getByRole("button", { name: "Delete note" }).click();
  await expect(page.getByText("Note deleted.")).toBeVisible();
  await expect(candidateNotes.getByText("No notes yet.")).toBeVisible();

  await context.close();
  otherHasNoConsoleErrors();
  noConsoleErrors();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a note is added, edited in place and deleted after the confirmation, with plain forms", async ({ page, browser }) => {
    await registerStaff(page, uniqueEmail("plain"), { fullName: "Pat Plain" });
    const question = "Why us?";
    const jobId = await postJob(page, "Plain Forms Engineer", question);
    await apply(browser, jobId, { name: "Ada Lovelace", email: uniqueEmail("ada"), question, answer: "Engines" });
    await page.goto(`/manage/jobs/${jobId}`);
    await page.getByRole("link", { name: "Ada Lovelace" }).click();
    await openApplicationTab(page, "Notes");
    const notes = page.getByRole("region", { name: "Notes" });

    await notes.getByRole("button", { name: "Add note" }).click();
    await expect(notes.getByText("Write a note")).toBeVisible();
    await notes.getByLabel("Add a note").fill("Plain @Pat, see https://example.com");
    await notes.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Note added.")).toBeVisible();
    // Typed by hand, @Pat is text; the address is still a link.
    await expect(notes.getByRole("listitem").first()).toContainText("Plain @Pat, see https://example.com");
    await expect(notes.locator("[data-mention]")).toHaveCount(0);
    await expect(notes.getByRole("link", { name: "https://example.com", exact: true })).toBeVisible();

    await notes.getByRole("link", { name: /^Edit your note/ }).click();
    await notes.getByRole("textbox", { name: "Edit your note" }).fill("Plain, edited");
    await notes.getByRole("button", { name: "Save note" }).click();
    await expect(page.getByText("Note saved.")).toBeVisible();
    await expect(notes.getByRole("listitem").first()).toContainText("edited");

    await notes.getByRole("button", { name: /^Delete your note/ }).click();
    await page.getByRole("alertdialog", { name: "Delete this note?" }).getByRole("button", { name: "Delete note" }).click();
    await expect(page.getByText("Note deleted.")).toBeVisible();
    await expect(notes.getByText("No notes yet.")).toBeVisible();
  });
});
