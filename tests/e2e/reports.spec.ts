import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { accessibilityProblems, failOnConsoleErrors, registerStaff, uniqueEmail } from "./helpers";
import { apply, moveSaved, pickUpWithKeyboard, postJob } from "./pipeline-helpers";

// Issue 15 (decision 104): the reports page counts what the applications did, every number opens the
// applications behind it, the CSV file holds the page's numbers, and another company sees none of it.

const BOM = "\uFEFF";
const FUNNEL_HEADER = "Stage,Reached,Conversion %,Drop-off";

/** A report table's cells as text, row by row (the header row too), for expect.poll to compare. */
function cellsOf(table: Locator) {
  return table.getByRole("row").evaluateAll((rows) => rows.map((row) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent!.trim())));
}

/** A CSV file's records, the CRLF of each record taken off; the file has no quoted line breaks here. */
function csvRecords(text: string) {
  return text.split("\r\n").slice(0, -1).map((line) => line.split(","));
}

const column = (page: Page, stage: string) => page.getByRole("listitem", { name: new RegExp(`^${stage}\\b`) });

test("the funnel counts how far one job's applications got, its numbers open them, its CSV agrees, and another company sees nothing", async ({
  page,
  browser,
}) => {
  // The whole journey (five applications through the form, moves, every report page, files, another
  // company) takes about 55 s alone: more than half the default time, which two workers on a busy
  // machine used up (a clean-clone CI run, 2026-11-27).
  test.setTimeout(180_000);
  const noConsoleErrors = await failOnConsoleErrors(page);
  await registerStaff(page, uniqueEmail("reports"), { companyName: "Harbour Works" });
  const question = "Why us?";
  const jobId = await postJob(page, "Harbour Pilot", question);
  const otherJobId = await postJob(page, "Ferry Captain", question);
  for (const name of ["Ada Lovelace", "Bo Turing", "Cy Hopper", "Di Johnson"]) {
    await apply(browser, jobId, { name, email: uniqueEmail("funnel"), question, answer: "Ships" });
  }
  // An application to another job: in the report of all jobs, not in the pilot's.
  await apply(browser, otherJobId, { name: "Edsger Dijkstra", email: uniqueEmail("ferry"), question, answer: "Boats" });

  // Ada and Bo move to Screening together; Ada goes on to First Interview and comes back. What she
  // reached stays reached: 4 applied, 2 reached Screening, 1 reached First Interview.
  await page.goto(`/manage/jobs/${jobId}`);
  await expect(column(page, "Applied").getByTestId("pipeline-card")).toHaveCount(4);
  await page.getByRole("checkbox", { name: "Select Ada Lovelace" }).check();
  await page.getByRole("checkbox", { name: "Select Bo Turing" }).check();
  const bar = page.getByRole("group", { name: "Act on the selected applications" });
  await bar.getByLabel("Move the selected to").selectOption({ label: "Screening" });
  await bar.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText("Moved 2 applications.")).toBeVisible();
  await expect(column(page, "Screening").getByTestId("pipeline-card")).toHaveCount(2);

  await pickUpWithKeyboard(page, "Ada Lovelace", "Space");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText("Ada Lovelace is over First Interview.")).toBeAttached();
  const forwardSaved = moveSaved(page, jobId);
  await page.keyboard.press("Space");
  await forwardSaved;
  await expect(column(page, "First Interview").getByText("Ada Lovelace")).toBeVisible();
  await pickUpWithKeyboard(page, "Ada Lovelace", "Space");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText("Ada Lovelace is over Screening.")).toBeAttached();
  const backSaved = moveSaved(page, jobId);
  await page.keyboard.press("Space");
  await backSaved;
  await expect(column(page, "Screening").getByText("Ada Lovelace")).toBeVisible();
  await expect(column(page, "First Interview").getByTestId("pipeline-card")).toHaveCount(0);

  // Reports, from the navigation: every job of the company at first, then the pilot's alone.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  const funnel = page.getByRole("region", { name: "Pipeline funnel" });
  await expect(funnel.getByRole("figure")).toContainText("Pipeline funnel for all jobs: 5 applications; 5 reached Applied, 2 reached Screening (40%)");
  // Job health: both open jobs, with their applicants (each a link to them), none quiet yet.
  const health = page.getByRole("region", { name: "Job health" });
  await expect(health.getByRole("row")).toHaveCount(3);
  await expect(health.getByRole("link", { name: "4 applicants to Harbour Pilot" })).toHaveAttribute("href", `/applications?job=${jobId}`);
  await expect(health.getByRole("link", { name: "1 applicant to Ferry Captain" })).toBeVisible();
  await expect(health).not.toContainText("Quiet");
  const job = page.getByRole("combobox", { name: "Job" });
  await expect(job).toHaveAttribute("placeholder", "All jobs");
  await job.fill("harb");
  const choices = page.getByRole("listbox", { name: "Jobs" });
  await expect(choices.getByRole("option")).toHaveText(["All jobs", "Harbour Pilot"]);
  await choices.getByRole("option", { name: "Harbour Pilot" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]job=${jobId}`));
  await expect(job).toHaveValue("Harbour Pilot");
  const from = await page.getByLabel("Applied from").inputValue();
  const to = await page.getByLabel("Applied to").inputValue();
  expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(to).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // The chart: its caption says every step, and each bar shows its stage, count and conversion. The
  // stage named Rejected is no step of the funnel.
  await expect(funnel.getByRole("figure")).toContainText(
    "Pipeline funnel for “Harbour Pilot”: 4 applications; 4 reached Applied, 2 reached Screening (50%), 1 reached First Interview (50%), " +
      "0 reached Technical Assessment (0%), 0 reached Final Interview, 0 reached Offer, 0 reached Hired.",
  );
  // The bars are links hidden from screen readers (they read the caption and the table instead).
  const bars = funnel.getByRole("listitem", { includeHidden: true });
  await expect(bars).toHaveText([
    /^Applied\s*4$/,
    /^Screening\s*2 \(50%\)$/,
    /^First Interview\s*1 \(50%\)$/,
    /^Technical Assessment\s*0 \(0%\)$/,
    /^Final Interview\s*0$/,
    /^Offer\s*0$/,
    /^Hired\s*0$/,
  ]);

  // The table view: the same numbers, with the drop-off from each step to the next.
  await funnel.getByText("Show as table").click();
  const table = funnel.getByRole("table");
  await expect(table).toBeVisible();
  const funnelRows = [
    // No stage before Applied, nothing reached Final Interview to go on: no share, a dash read as "None".
    ["Applied", "4", "None", "0"],
    ["Screening", "2", "50%", "2"],
    ["First Interview", "1", "50%", "1"],
    ["Technical Assessment", "0", "0%", "1"],
    ["Final Interview", "0", "None", "0"],
    ["Offer", "0", "None", "0"],
    ["Hired", "0", "None", "0"],
  ];
  await expect.poll(() => cellsOf(table)).toEqual([["Stage", "Reached", "Conversion", "Drop-off"], ...funnelRows]);
  await page.getByRole("region", { name: "Sources" }).getByText("Show as table").click();
  await expect(page.getByRole("region", { name: "Sources" }).getByRole("table")).toBeVisible();
  expect(await accessibilityProblems(page)).toEqual([]);

  // The CSV file: the table's numbers, a missing conversion left empty, after a byte order mark.
  const downloading = page.waitForEvent("download");
  await funnel.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`funnel-${from}-to-${to}.csv`);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.startsWith(BOM)).toBe(true);
  const csvRows = funnelRows.map(([stage, reached, conversion, dropOff]) => [stage, reached, conversion === "None" ? "" : conversion!.replace("%", ""), dropOff]);
  expect(csvRecords(csv.slice(BOM.length))).toEqual([FUNNEL_HEADER.split(","), ...csvRows]);

  // A number of the table opens exactly the applications it counts, and says so.
  const listed = page.getByRole("row").filter({ has: page.getByRole("link", { name: /^View / }) });
  await table.getByRole("link", { name: "2 reached Screening" }).click();
  await expect(page).toHaveURL(/\/applications\?/);
  await expect(page.getByTestId("reported-filters")).toHaveText(`Showing applications reached Screening · applied ${from} to ${to}. Show all applications`);
  await expect(listed).toHaveCount(2);
  await expect(page.getByRole("link", { name: "View Ada Lovelace's application" })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Bo Turing's application" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Job" })).toHaveValue("Harbour Pilot");

  // So does a bar: Ada, who reached First Interview, though she is back in Screening.
  await page.goBack();
  await expect(page).toHaveURL(/\/reports\?/);
  await funnel.getByRole("link", { name: /^First Interview/, includeHidden: true }).click();
  await expect(page).toHaveURL(/\/applications\?/);
  expect(new URL(page.url()).searchParams.get("reached")).toBe("First Interview");
  await expect(page.getByTestId("reported-filters")).toHaveText(`Showing applications reached First Interview · applied ${from} to ${to}. Show all applications`);
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText("Ada Lovelace");

  // The report's other pages, with the same filters (decision 105).
  await page.goto(`/reports?job=${jobId}`);
  const pages = page.getByRole("navigation", { name: "Report pages" });
  await expect(pages.getByRole("link", { name: "Pipeline" })).toHaveAttribute("aria-current", "page");
  // Speed: nobody hired yet; the stays that ended (Ada's and Bo's in Applied, Ada's in Screening and in
  // First Interview) lasted under a day; nobody has waited 14 days.
  await pages.getByRole("link", { name: "Speed" }).click();
  await expect(page).toHaveURL(new RegExp(`view=speed.*job=${jobId}|job=${jobId}.*view=speed`));
  await expect(page.getByRole("region", { name: "Pipeline funnel" })).toHaveCount(0);
  const speed = page.getByRole("region", { name: "Speed" });
  await expect(speed.getByTestId("speed-Time to hire")).toContainText("No hires yet");
  await expect(speed.getByRole("figure")).toContainText("Median time in each stage: Applied under a day, Screening under a day, First Interview under a day.");
  await speed.getByText("Show as table").click();
  await expect.poll(() => cellsOf(speed.getByRole("table"))).toEqual([
    ["Stage", "Median stay", "Stays"],
    ["Applied", "under a day", "2"],
    ["Screening", "under a day", "1"],
    ["First Interview", "under a day", "1"],
  ]);
  await expect(speed).toContainText("No one has been waiting that long.");
  expect(await accessibilityProblems(page)).toEqual([]);
  // Volume: the pilot's four applications, all this week (the last of the year's weeks), nobody hired yet.
  await pages.getByRole("link", { name: "Volume" }).click();
  const volume = page.getByRole("region", { name: "Volume" });
  await expect(volume.getByRole("figure")).toContainText(/Applications per week, 5[23] weeks: the most, 4, in the week of/);
  await expect(volume).toContainText("No one who applied in these days has been hired yet.");
  await expect(volume.getByRole("link", { name: "4 applications to Harbour Pilot" })).toBeVisible();
  expect(await accessibilityProblems(page)).toEqual([]);
  // Team: the recruiter's four moves (Ada and Bo together, then Ada forward and back).
  await pages.getByRole("link", { name: "Team" }).click();
  const team = page.getByRole("region", { name: "Team activity" });
  await expect.poll(() => cellsOf(team.getByRole("table"))).toEqual([
    ["Member", "Moves", "Feedback", "Emails"],
    ["Test Recruiter", "4", "0", "0"],
  ]);
  await expect(team).toContainText("No feedback was submitted in these days.");
  // Changing a filter keeps the page.
  await page.getByLabel("Stuck after (days)").fill("30");
  await page.getByLabel("Stuck after (days)").press("Tab");
  await expect(page).toHaveURL(/stuck=30/);
  await expect(page).toHaveURL(/view=team/);

  // The dashboard's counters open their lists: today's five applications, the day where the reader is.
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "5 Applications Today: show them" }).click();
  await expect(page).toHaveURL(/\/applications\?/);
  await expect(page.getByTestId("reported-filters")).toHaveText(`Showing applications applied ${to} to ${to}. Show all applications`);
  await expect(listed).toHaveCount(5);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "2 Active Jobs: show them" }).click();
  await expect(page).toHaveURL(/\/manage\/jobs\?status=published/);
  noConsoleErrors();

  // Another company asks for the pilot's report by its id, and gets nothing of it: not its job, not its counts.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const noOtherConsoleErrors = await failOnConsoleErrors(otherPage);
  await registerStaff(otherPage, uniqueEmail("other"), { companyName: "Other Harbour" });
  await otherPage.goto(`/reports?job=${jobId}`);
  await expect(otherPage.getByText("No applications in these days.")).toBeVisible();
  await expect(otherPage.getByRole("region", { name: "Pipeline funnel" })).toHaveCount(0);
  await expect(otherPage.getByRole("combobox", { name: "Job" })).toHaveValue("");
  await expect(otherPage.getByRole("main")).not.toContainText("Harbour Pilot");
  await expect(otherPage.getByRole("main")).not.toContainText("reached");
  const otherCsv = await otherPage.request.get(`/reports/export.csv?report=funnel&job=${jobId}`);
  expect(otherCsv.status()).toBe(200);
  expect((await otherCsv.body()).toString("utf8")).toBe(`${BOM}${FUNNEL_HEADER}\r\n`);
  const otherSources = await otherPage.request.get(`/reports/export.csv?report=sources&job=${jobId}`);
  expect((await otherSources.body()).toString("utf8")).toBe(`${BOM}Source,Applications,Interviewed,Hired,Share hired %\r\n`);
  noOtherConsoleErrors();
  await other.close();
});

test("on a phone the job health table fits the screen: the date's year and the quiet badge wrap instead", async ({ page }) => {
  await registerStaff(page, uniqueEmail("reports-phone"), { companyName: "Harbour Works" });
  await postJob(page, "Recruiting Coordinator Intern", "Why us?");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/reports");
  const table = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Last activity" }) });
  await expect(table.getByRole("rowheader", { name: "Recruiting Coordinator Intern" })).toBeVisible();
  // The table's own scrolling box: nothing of it is out of sight sideways.
  const hidden = await table.evaluate((element) => {
    const box = element.parentElement!;
    return box.scrollWidth - box.clientWidth;
  });
  expect(hidden).toBeLessThanOrEqual(0);
});
