import { describe, expect, it } from "vitest";
import { decodeApiCursor, encodeApiCursor, ListApplicationsQuery, INVALID_CURSOR } from "./staff-api";

describe("the staff API's cursors (decision 112)", () => {
  const place = { at: "1767225600123456", id: "6f1c2a3e-1d2b-4c5d-8e9f-0a1b2c3d4e5f" };

  it("are opaque, URL-safe and read back to the same place", () => {
    const cursor = encodeApiCursor(place);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(place.id);
    expect(decodeApiCursor(cursor)).toEqual(place);
    expect(encodeURIComponent(cursor)).toBe(cursor);
  });

  it("refuse anything that is not one of ours", () => {
    for (const bad of ["", "abc", "!!!", encodeApiCursor({ at: "12", id: "not-a-uuid-at-all-not-a-uuid-at-all0" }), btoa("1_6f1c2a3e").replace(/=+$/, ""), "a".repeat(101)]) {
      expect(decodeApiCursor(bad), bad).toBeNull();
    }
    // A number that is not whole microseconds, or an id followed by more text.
    expect(decodeApiCursor(btoa(`1.5_${place.id}`).replace(/=+$/, ""))).toBeNull();
    expect(decodeApiCursor(btoa(`1_${place.id}x`).replace(/=+$/, ""))).toBeNull();
  });

  it("are read by the list's query schema, which answers the field's message for a bad one", () => {
    expect(ListApplicationsQuery.parse({ cursor: encodeApiCursor(place) })).toEqual({ limit: 25, cursor: place });
    const refused = ListApplicationsQuery.safeParse({ cursor: "nope" });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues).toEqual([expect.objectContaining({ path: ["cursor"], message: INVALID_CURSOR })]);
    expect(ListApplicationsQuery.safeParse({ limit: "0" }).success).toBe(false);
    expect(ListApplicationsQuery.parse({ limit: "100" }).limit).toBe(100);
  });
});
