import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { candidates } from "../../db/schema";
import * as candidateRoute from "~/routes/staff/candidate";
import * as mergeRoute from "~/routes/staff/candidate-merge";
import * as dashboardRoute from "~/routes/staff/dashboard";
import type { Staff } from "~/server/accounts/session.server";
import { addCandidate } from "~/server/candidates/candidates.server";
import { createStaff } from "../factories";
import { callAction, callLoader, setUpAppTestDatabase } from "../helpers/route-test";

const bed = setUpAppTestDatabase();

async function twins(staff: Staff) {
  const actor = { ...staff, displayName: "Test Recruiter" };
  const ada = await addCandidate(bed.t.db, actor, { name: "Ada Lovelace", email: "ada@example.test" });
  const twin = await addCandidate(bed.t.db, actor, { name: "Ada Lovelace", email: "ada@elsewhere.test", phone: "020 7946 0958" });
  return { ada: ada.candidateId, twin: twin.candidateId };
}

describe("the candidate page", () => {
  it("says who looks like the same person and why, and forgets the pair once told they are not", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    const { ada, twin } = await twins(staff);
    const page = await callLoader(candidateRoute.loader, { path: `/candidates/${ada}`, cookie, params: { candidateId: ada } });
    expect(page.data!.duplicates).toEqual([{ id: twin, name: "Ada Lovelace", email: "ada@elsewhere.test", phone: "020 7946 0958", why: "Same name, similar email" }]);

    const told = await callAction(candidateRoute.action, { path: `/candidates/${ada}`, cookie, params: { candidateId: ada }, form: { intent: "not-duplicate", other: twin } });
    expect(told.status).toBe(302);
    expect(told.headers.get("Location")).toBe(`/candidates/${ada}`);
    expect(told.headers.get("Set-Cookie")).toContain("duplicate-dismissed");
    const again = await callLoader(candidateRoute.loader, { path: `/candidates/${ada}`, cookie, params: { candidateId: ada } });
    expect(again.data!.duplicates).toEqual([]);

    const malformed = await callAction(candidateRoute.action, { path: `/candidates/${ada}`, cookie, params: { candidateId: ada }, form: { intent: "not-duplicate", other: "nope" } });
    expect(malformed).toMatchObject({ status: 400, data: { errors: { other: "Candidate not found" } } });
  });
});

describe("the merge confirmation", () => {
  it("shows both candidates, merges on confirmation, and the history and dashboard say so", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    const { ada, twin } = await twins(staff);
    const path = `/candidates/${ada}/merge?with=${twin}`;
    const page = await callLoader(mergeRoute.loader, { path, cookie, params: { candidateId: ada } });
    expect(page.data).toMatchObject({ keep: { id: ada, email: "ada@example.test", phone: null }, merge: { id: twin, phone: "020 7946 0958" } });

    const merged = await callAction(mergeRoute.action, { path, cookie, params: { candidateId: ada }, form: { with: twin } });
    expect(merged.status).toBe(302);
    expect(merged.headers.get("Location")).toBe(`/candidates/${ada}`);
    expect(merged.headers.get("Set-Cookie")).toContain("candidates-merged");
    expect(await bed.t.db.select().from(candidates).where(eq(candidates.id, twin))).toEqual([]);

    const profile = await callLoader(candidateRoute.loader, { path: `/candidates/${ada}`, cookie, params: { candidateId: ada } });
    expect(profile.data!.candidate.phone).toBe("020 7946 0958");
    expect(profile.data!.history[0]).toMatchObject({ text: "Ada Lovelace (ada@elsewhere.test) was merged into Ada Lovelace", actorName: "Test Recruiter" });
    const dashboard = await callLoader(dashboardRoute.loader, { path: "/dashboard", cookie });
    expect(dashboard.data!.activity[0]).toMatchObject({ text: "Ada Lovelace (ada@elsewhere.test) was merged into Ada Lovelace", href: `/candidates/${ada}` });

    // The merged candidate is gone: its merge page and a second confirmation are not found.
    expect((await callLoader(mergeRoute.loader, { path, cookie, params: { candidateId: ada } })).status).toBe(404);
    expect((await callAction(mergeRoute.action, { path, cookie, params: { candidateId: ada }, form: { with: twin } })).status).toBe(404);
  });

  it("is not found without another candidate to merge", async () => {
    const { staff, cookie } = await createStaff(bed.t.db, bed.t.auth);
    const { ada } = await twins(staff);
    expect((await callLoader(mergeRoute.loader, { path: `/candidates/${ada}/merge`, cookie, params: { candidateId: ada } })).status).toBe(404);
    expect((await callLoader(mergeRoute.loader, { path: `/candidates/${ada}/merge?with=${ada}`, cookie, params: { candidateId: ada } })).status).toBe(404);
    expect(await callAction(mergeRoute.action, { path: `/candidates/${ada}/merge`, cookie, params: { candidateId: ada }, form: { with: ada } })).toMatchObject({
      status: 400,
      data: { errors: { form: "Choose another candidate to merge with this one" } },
    });
  });
});
