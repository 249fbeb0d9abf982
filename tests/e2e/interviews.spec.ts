import { simpleParser } from "mailparser";
import { parseInvitation } from "../helpers/ical";
import type { Mailbox } from "./accounts-mailbox";
import { expect, test } from "./accounts-fixtures";
import { failOnConsoleErrors, registerStaff, STAFF_NAMES, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

/** The invitation that reached `to` (subject matching), read back from the raw message: its text and its .ics. */
async function invitation(mailbox: Mailbox, to: string, subject: RegExp, since: number) {
  const message = await mailbox.waitFor(to, { subject, since });
  const parsed = await simpleParser(message.raw);
  const file = parsed.attachments.find((attachment) => attachment.filename === "invite.ics");
  expect(file, "an invite.ics attachment").toBeDefined();
  expect(parsed.attachments.some((attachment) => attachment.contentType === "text/calendar")).toBe(true);
  return { text: parsed.text ?? "", ics: parseInvitation(file!.content.toString("utf8")) };
}

test("an interview scheduled from the application page reaches the candidate and the interviewer as a calendar invitation; moving it raises SEQUENCE", async ({
  page,
  browser,
  mailbox,
}) => {
  const noConsoleErrors = await failOnConsoleErrors(page);
  const staffEmail = await registerStaff(page);
  const question = "Why this team?";
  const jobId = await postJob(page, "Platform Engineer", question);
  const candidate = uniqueEmail("candidate");
  await apply(browser, jobId, { name: "Grace Hopper", email: candidate, question, answer: "Compilers" });

  await page.goto(`/manage/jobs/${jobId}`);
  await page.getByRole("link", { name: /Grace Hopper/ }).first().click();
  await expect(page.getByRole("heading", { name: "Grace Hopper" })).toBeVisible();

  // Berlin's clocks go forward on 28 March 2027: 10:00 on Friday the 26th is 09:00 UTC.
  await page.getByText("Schedule interview", { exact: true }).click();
  const form = page.getByRole("form", { name: "Schedule interview" });
  await form.getByLabel("Title").fill("Technical interview");
  await form.getByLabel("Date").fill("2027-03-26");
  await form.getByLabel("Start time").fill("10:00");
  await form.getByLabel("Duration").selectOption("45");
  await form.getByLabel("Time zone").fill("Europe/Berlin");
  await form.getByLabel(STAFF_NAMES.fullName).check();
  await form.getByLabel("Location or video link").fill("https://meet.example.com/grace");
  await form.getByLabel("Notes for the interviewers").fill("Dig into the compiler work.");
  const since = mailbox.messages.length;
  await form.getByRole("button", { name: "Schedule and send invitations" }).click();
  await expect(page.getByText("Interview scheduled. Invitations are on their way to the candidate and 1 interviewer.")).toBeVisible();
  const listed = page.getByRole("list", { name: "Interviews" }).getByRole("listitem", { name: "Technical interview" });
  await expect(listed.getByText("https://meet.example.com/grace")).toBeVisible();

  const toCandidate = await invitation(mailbox, candidate, /Interview invitation/, since);
  const toInterviewer = await invitation(mailbox, staffEmail, /Interview invitation/, since);
  for (const { ics } of [toCandidate, toInterviewer]) {
    expect(ics.method).toBe("REQUEST");
    expect(ics.dtstartText).toBe("20270326T090000Z");
    expect(ics.sequence).toBe(0);
    expect(ics.attendees.sort()).toEqual([candidate, staffEmail].map((a) => a.toLowerCase()).sort());
  }
  expect(toInterviewer.ics.uid).toBe(toCandidate.ics.uid);
  expect(toCandidate.text).toContain("Friday 26 March 2027, 10:00–10:45 (Europe/Berlin)");
  expect(toCandidate.text).not.toContain("compiler work");
  expect(toInterviewer.text).toContain("Dig into the compiler work.");

  // Moved to the Monday after the change: the same UID, SEQUENCE 1, 10:00 Berlin now 08:00 UTC.
  await listed.getByText("Reschedule Technical interview").click();
  const move = listed.getByRole("form", { name: "Reschedule interview" });
  await move.getByLabel("Date").fill("2027-03-29");
  const beforeMove = mailbox.messages.length;
  await move.getByRole("button", { name: "Save and send updates" }).click();
  await expect(page.getByText("Interview moved. Updated invitations are on their way.")).toBeVisible();
  const moved = await invitation(mailbox, candidate, /Interview moved/, beforeMove);
  expect(moved.ics).toMatchObject({ method: "REQUEST", uid: toCandidate.ics.uid, sequence: 1, dtstartText: "20270329T080000Z" });
  expect((await invitation(mailbox, staffEmail, /Interview moved/, beforeMove)).ics.sequence).toBe(1);
  noConsoleErrors();
});
