import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedValue, invalidateJobBoardCache } from "~/server/job-board/cache.server";
import { updateCompanySettings } from "~/server/settings/settings.server";
import { createStaff } from "../factories";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

describe("the company's details on the public board", () => {
  it("a new company name or website drops the job board's cached pages at once, not after 5 s", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    invalidateJobBoardCache();
    let loads = 0;
    const read = () => cachedValue("board-probe", async () => ++loads);
    expect([await read(), await read()]).toEqual([1, 1]);

    await updateCompanySettings(t.db, staff, { companyName: "Renamed Robotics", website: "https://renamed.example" });
    expect(await read()).toBe(2);
  });
});
