import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { unzipSync } from "fflate";
import { failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { apply, postJob } from "./pipeline-helpers";

/** Issue 17: an admin exports a candidate's data, then erases them (decision 116); retention is set in Settings › Privacy (decision 117). */

test("an admin downloads a candidate's data, erases them after typing their name, and sets how long candidates are kept", async ({ page, browser }) => {
  await registerStaff(page);
  const question = "Favourite knot?";
  const jobId = await postJob(page, "Rigger", question);
  const email = uniqueEmail("orla");
  await apply(browser, jobId, { name: "Orla Quayside", email, answer: "Bowline", question });

  await page.goto("/candidates");
  await page.getByRole("link", { name: "Orla Quayside" }).click();
  const panel = page.getByRole("region", { name: "Their data" });
  const downloading = page.waitForEvent("download");
  await panel.getByRole("link", { name: "Export data" }).click();
  const download = await downloading;
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const data = JSON.parse(new TextDecoder().decode(files["candidate.json"]!));
  expect(data.candidate).toMatchObject({ name: "Orla Quayside", email });
  expect(JSON.stringify(data.applications[0].answers)).toContain("Bowline");

  await panel.getByRole("link", { name: "Erase candidate…" }).click();
  await expect(page.getByRole("heading", { name: "Erase Orla Quayside for good?" })).toBeVisible();
  await page.getByLabel("Type the candidate's name, Orla Quayside, to confirm").fill("Orla");
  await page.getByRole("button", { name: "Erase candidate" }).click();
  await expect(page.getByText("Type the candidate's name exactly as it is shown to erase them.")).toBeVisible();
  // From here on (that refusal's 400 is the browser's console error), nothing goes wrong.
  const noConsoleErrors = await failOnConsoleErrors(page);
  await page.getByLabel("Type the candidate's name, Orla Quayside, to confirm").fill("Orla Quayside");
  await page.getByRole("button", { name: "Erase candidate" }).click();
  await expect(page.getByText("Candidate erased. Only anonymous counts remain.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Erased candidate", level: 1 })).toBeVisible();
  await expect(page.getByText("This candidate was erased: only anonymous counts remain.")).toBeVisible();
  await expect(page.getByText("Orla Quayside")).toHaveCount(0);
  await expect(page.getByText(email)).toHaveCount(0);

  // The pipeline still counts the application, anonymous.
  await page.goto(`/manage/jobs/${jobId}`);
  await expect(page.getByText("Erased candidate")).toBeVisible();

  await page.goto("/settings/privacy");
  const retention = page.getByRole("region", { name: "Retention" });
  await expect(retention.getByText("Candidates are kept until you erase them.")).toBeVisible();
  await retention.getByLabel("Keep candidates for").selectOption("12");
  await retention.getByLabel("Candidates in your talent pool").selectOption("24");
  await retention.getByRole("button", { name: "Save retention" }).click();
  await expect(page.getByText("Retention saved.")).toBeVisible();
  await expect(retention.getByText(/No candidates will be anonymised on/)).toBeVisible();
  noConsoleErrors();
});
