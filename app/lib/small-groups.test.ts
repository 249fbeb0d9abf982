import { describe, expect, it } from "vitest";
import { type GroupCount, suppressSmallGroups } from "./small-groups";

const groups = (counts: Record<string, number>): GroupCount[] => Object.entries(counts).map(([key, count]) => ({ key, count }));
const shown = (counts: Record<string, number>, min = 5) => {
  const result = suppressSmallGroups(groups(counts), min);
  return { groups: Object.fromEntries(result.groups.map((group) => [group.key, group.count])), total: result.total };
};

/** Whether any hidden group's count follows from the total and the shown groups. */
function recoverable(counts: Record<string, number>, min = 5): boolean {
  const result = suppressSmallGroups(groups(counts), min);
  if (result.total === null) return false;
  const hidden = result.groups.filter((group) => group.count === null);
  const hiddenSum = result.total - result.groups.reduce((sum, group) => sum + (group.count ?? 0), 0);
  return hidden.length === 1 || (hidden.length > 0 && hiddenSum === 0);
}

describe("suppressSmallGroups", () => {
  it("shows every group when none is under the threshold", () => {
    expect(shown({ woman: 12, man: 9, prefer: 5 })).toEqual({ groups: { woman: 12, man: 9, prefer: 5 }, total: 26 });
  });

  it("hides groups under five, zero too", () => {
    expect(shown({ woman: 12, man: 9, other: 2, none: 0 })).toEqual({ groups: { woman: 12, man: 9, other: null, none: null }, total: 23 });
  });

  it("hides the smallest shown group too when exactly one is hidden, so it cannot be subtracted from the total", () => {
    expect(shown({ woman: 12, man: 9, other: 3, prefer: 6 })).toEqual({ groups: { woman: 12, man: 9, other: null, prefer: null }, total: 30 });
  });

  it("hides the smallest shown group too when the hidden ones are all zero, so nobody's answer follows from the total", () => {
    expect(shown({ under25: 0, from25: 6, from35: 0, prefer: 0 })).toEqual({ groups: { under25: null, from25: null, from35: null, prefer: null }, total: 6 });
    expect(shown({ yes: 0, no: 9, prefer: 7 })).toEqual({ groups: { yes: null, no: 9, prefer: null }, total: 16 });
  });

  it("picks the first of equal smallest groups", () => {
    expect(shown({ a: 7, b: 7, c: 1 })).toEqual({ groups: { a: null, b: 7, c: null }, total: 15 });
  });

  it("hides the total and every group when there are fewer than five in all", () => {
    expect(shown({ a: 2, b: 1, c: 0 })).toEqual({ groups: { a: null, b: null, c: null }, total: null });
  });

  it("leaves a lone group alone", () => {
    expect(shown({ a: 3 })).toEqual({ groups: { a: null }, total: null });
    expect(shown({ a: 8 })).toEqual({ groups: { a: 8 }, total: 8 });
  });

  it("never leaves one hidden group, or hidden groups known to be empty, beside a shown total", () => {
    for (let a = 0; a < 12; a++)
      for (let b = 0; b < 12; b++)
        for (let c = 0; c < 12; c++) {
          const counts = { a, b, c, d: 5, e: 0 };
          expect(recoverable(counts), JSON.stringify(counts)).toBe(false);
        }
  });

  it("takes another threshold", () => {
    expect(shown({ a: 9, b: 10, c: 11 }, 10)).toEqual({ groups: { a: null, b: null, c: 11 }, total: 30 });
  });
});
