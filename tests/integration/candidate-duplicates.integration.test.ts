import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Staff } from "~/server/accounts/session.server";
import { addCandidate } from "~/server/candidates/candidates.server";
import { DUPLICATES_SHOWN, dismissDuplicate, findPossibleDuplicates, possibleDuplicatesQuery } from "~/server/candidates/duplicates.server";
import { queryRows } from "~/server/platform/db.server";
import { createStaff } from "../factories";
import { planNodes } from "../helpers/query-plan";
import { createTestDatabase, type TestDatabase, seedInBulk } from "../helpers/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.destroy();
});

/** A candidate of the staff member's company, added as Add candidate adds one. */
async function candidate(staff: Staff, name: string, email: string, phone?: string) {
  const added = await addCandidate(t.db, { ...staff, displayName: "Test Recruiter" }, { name, email, phone });
  return added.candidateId;
}

describe("possible duplicates", () => {
  it("are the company's candidates with the same phone number, however it is written", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const ada = await candidate(staff, "Ada Lovelace", "ada@example.test", "+44 (20) 7946-0958");
    const countess = await candidate(staff, "Augusta King", "countess@elsewhere.test", "44 20 7946 0958");
    await candidate(staff, "Someone Else", "someone@example.test", "+44 20 7946 0959");
    // Too short to say anything (fewer than 7 digits).
    const short1 = await candidate(staff, "Short One", "short1@example.test", "12-34");
    await candidate(staff, "Short Two", "short2@example.test", "1234");

    expect(await findPossibleDuplicates(t.db, staff, ada)).toEqual([
      { id: countess, name: "Augusta King", email: "countess@elsewhere.test", phone: "44 20 7946 0958", reasons: ["phone"] },
    ]);
    expect((await findPossibleDuplicates(t.db, staff, countess)).map((d) => d.id)).toEqual([ada]);
    expect(await findPossibleDuplicates(t.db, staff, short1)).toEqual([]);
  });

  it("are the company's candidates with the same name and a similar email", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const ada = await candidate(staff, "Ada Lovelace", "ada.lovelace@gmail.test");
    // Same name written another way; the same local part at another domain.
    const work = await candidate(staff, "  ADA   lovelace ", "ada.lovelace@work.test");
    // Same name with accents; an email that is similar (trigrams).
    const accents = await candidate(staff, "Àda Lovelace", "adalovelace@gmail.test");
    // Same name, an email with nothing in common: another person.
    await candidate(staff, "Ada Lovelace", "countess.of.lovelace@royal.test");
    // A similar email but another name.
    await candidate(staff, "Alan Turing", "ada.lovelace@gmail2.test");

    const found = await findPossibleDuplicates(t.db, staff, ada);
    expect(found.map((d) => d.id).sort()).toEqual([work, accents].sort());
    expect(found.every((d) => d.reasons.join() === "name_email")).toBe(true);
  });

  it("give both reasons when both hold, and never another company's candidates", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const ada = await candidate(staff, "Ada Lovelace", "ada@example.test", "020 7946 0958");
    const twin = await candidate(staff, "Ada Lovelace", "ada@example.org", "020 7946 0958");
    // The same person at another company: never suggested, with either reason.
    const theirs = await candidate(other, "Ada Lovelace", "ada@example.net", "020 7946 0958");

    expect(await findPossibleDuplicates(t.db, staff, ada)).toEqual([expect.objectContaining({ id: twin, reasons: ["phone", "name_email"] })]);
    expect((await findPossibleDuplicates(t.db, other, theirs)).map((d) => d.id)).toEqual([]);
    // Another company's candidate by id: nothing.
    expect(await findPossibleDuplicates(t.db, other, ada)).toEqual([]);
  });

  it("are not suggested again once a staff member says they are not one person", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const { staff: other } = await createStaff(t.db, t.auth);
    const ada = await candidate(staff, "Ada Lovelace", "ada@example.test", "020 7946 0958");
    const twin = await candidate(staff, "Ada Lovelace", "ada@example.org");
    const third = await candidate(staff, "Augusta Ada", "augusta@example.test", "020-7946-0958");
    expect((await findPossibleDuplicates(t.db, staff, ada)).map((d) => d.id).sort()).toEqual([twin, third].sort());

    // From either side, in either order, twice: one pair.
    await dismissDuplicate(t.db, staff, { candidateId: twin, otherId: ada });
    await dismissDuplicate(t.db, staff, { candidateId: ada, otherId: twin.toUpperCase() });
    expect((await findPossibleDuplicates(t.db, staff, ada)).map((d) => d.id)).toEqual([third]);
    expect(await findPossibleDuplicates(t.db, staff, twin)).toEqual([]);
    const [{ n }] = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from candidate_duplicate_dismissals where company_id = ${staff.companyId}`)) as [
      { n: number },
    ];
    expect(n).toBe(1);

    // Another company cannot dismiss this company's pair, nor pair its own candidate with one of them.
    const theirs = await candidate(other, "Ada Lovelace", "ada@example.net");
    await expect(dismissDuplicate(t.db, other, { candidateId: ada, otherId: third })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(dismissDuplicate(t.db, other, { candidateId: theirs, otherId: third })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(dismissDuplicate(t.db, staff, { candidateId: ada, otherId: ada })).rejects.toMatchObject({ code: "INVALID" });
    expect((await findPossibleDuplicates(t.db, staff, ada)).map((d) => d.id)).toEqual([third]);
  });

  it("with a common name, are the most recently active few, read without comparing every namesake's email", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const grace = await candidate(staff, "Grace Hopper", "grace.hopper@example.test");
    // 300 namesakes with similar emails, one more recently active than the next.
    await seedInBulk(t.db, sql`insert into candidates (company_id, name, email, email_key, last_applied_at)
      select ${staff.companyId}, 'Grace Hopper', 'grace.hopper.' || n || '@example.test', 'grace.hopper.' || n || '@example.test',
             now() - make_interval(mins => n)
      from generate_series(1, 300) n`);
    await t.db.execute(sql`analyze candidates`);
    const newest = async (count: number) =>
      (
        await queryRows<{ id: string }>(
          t.db,
          sql`select id from candidates where company_id = ${staff.companyId} and id <> ${grace} order by last_applied_at desc, id desc limit ${count}`,
        )
      ).map((row) => row.id);
    const shown = await findPossibleDuplicates(t.db, staff, grace);
    expect(shown.map((d) => d.id)).toEqual(await newest(DUPLICATES_SHOWN));
    expect(shown.every((d) => d.reasons.join() === "name_email")).toBe(true);

    // The walk of the name's index stops at the few the page shows.
    const scans = (await planNodes(t.db, possibleDuplicatesQuery(staff, grace))).filter((node) => node.index === "candidates_company_name_key_idx");
    expect(scans.map((scan) => scan.rows)).toEqual([DUPLICATES_SHOWN]);

    // Dismissed pairs are passed over, and the next ones take their places.
    const top = await newest(DUPLICATES_SHOWN + 2);
    await dismissDuplicate(t.db, staff, { candidateId: grace, otherId: top[0]! });
    await dismissDuplicate(t.db, staff, { candidateId: top[3]!, otherId: grace });
    expect((await findPossibleDuplicates(t.db, staff, grace)).map((d) => d.id)).toEqual(top.filter((_, i) => i !== 0 && i !== 3));
  });

  it("are found through the per-company indexes, not by reading the table", async () => {
    const { staff } = await createStaff(t.db, t.auth);
    const ada = await candidate(staff, "Ada Lovelace", "ada@example.test", "020 7946 0958");
    await seedInBulk(t.db, sql`insert into candidates (company_id, name, email, email_key, phone)
      select ${staff.companyId}, 'Person ' || n, 'p' || n || '@example.test', 'p' || n || '@example.test', '+1 555 ' || lpad(n::text, 7, '0')
      from generate_series(1, 5000) n`);
    await t.db.execute(sql`analyze candidates`);
    const plan = await queryRows<Record<string, string>>(
      t.db,
      sql`explain select o.id from candidates me join candidates o on o.phone_key = me.phone_key and o.company_id = me.company_id where me.id = ${ada}
          union all
          select o.id from candidates me join candidates o on o.name_key = me.name_key and o.company_id = me.company_id where me.id = ${ada}`,
    );
    const text = plan.map((row) => Object.values(row)[0]).join("\n");
    expect(text).toContain("candidates_company_phone_key_idx");
    expect(text).toContain("candidates_company_name_key_idx");
    expect(text).not.toMatch(/Seq Scan on candidates/);
  });
});
