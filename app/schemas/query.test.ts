import { describe, expect, it } from "vitest";
import { ApplicationsQuerySchema, PipelineQuerySchema } from "./application-review";
import { JobsQuerySchema } from "./job";
import { BoardQuerySchema } from "./job-board";
import { CandidatesQuerySchema } from "./candidate";
import { parseQuery, textCursorParam } from "./query";

const ID = "0b7c2a4e-8f1d-4c3b-9a5e-6d7f8e9a0b1c";
const url = (query: string) => `http://localhost/x?${query}`;

describe("parseQuery", () => {
  it("reads each field with its schema, and a missing one as its default", () => {
    expect(parseQuery(ApplicationsQuerySchema, url(`job=${ID}&stage=${ID}&status=rejected&q=%20ada%20&after=42_${ID}`))).toEqual({
      job: ID,
      stage: ID,
      status: "rejected",
      q: "ada",
      after: { at: "42", id: ID },
      before: undefined,
    });
    expect(parseQuery(ApplicationsQuerySchema, url(""))).toEqual({ job: undefined, stage: undefined, status: undefined, q: "", after: undefined, before: undefined });
  });

  it("falls back field by field on junk, and never throws", () => {
    expect(parseQuery(ApplicationsQuerySchema, url("job=nope&status=bogus&after=abc&q=ok"))).toEqual({
      job: undefined,
      stage: undefined,
      status: undefined,
      q: "ok",
      after: undefined,
      before: undefined,
    });
    for (const cursor of ["1", `x_${ID}`, `-1_${ID}`, "123_nope", `123456789012345678_${ID}`, `1.5_${ID}`]) {
      expect(parseQuery(ApplicationsQuerySchema, url(`after=${cursor}`)).after, cursor).toBeUndefined();
    }
    expect(parseQuery(ApplicationsQuerySchema, url(`before=1795303735639123_${ID}`)).before).toEqual({ at: "1795303735639123", id: ID });
    expect(parseQuery(JobsQuerySchema, url("status=bogus"))).toEqual({ status: undefined, q: "", after: undefined, before: undefined });
    expect(parseQuery(BoardQuerySchema, url("page=10001&applied=yes&type=gig&remote=moon&company=Not%20A%20Slug"))).toEqual({
      q: "",
      page: 1,
      applied: undefined,
      type: undefined,
      remote: undefined,
      location: "",
      department: "",
      company: undefined,
    });
    expect(parseQuery(BoardQuerySchema, url("page=10000&applied=1"))).toMatchObject({ page: 10_000, applied: "1" });
  });

  it("takes the first value of a repeated key, and every fitting value of a list", () => {
    expect(parseQuery(JobsQuerySchema, url("status=closed&status=draft")).status).toBe("closed");
    expect(parseQuery(PipelineQuerySchema, url(`more=${ID}&more=nope&more=${ID}`))).toEqual({ more: [ID, ID], rejected: 0 });
    expect(parseQuery(PipelineQuerySchema, url(""))).toEqual({ more: [], rejected: 0 });
    // The rejected lane's pages (decision 090): a whole number from 1 to 100, else hidden.
    expect(parseQuery(PipelineQuerySchema, url("rejected=2&rejected=5")).rejected).toBe(2);
    for (const bad of ["0", "-1", "1.5", "101", "x"]) expect(parseQuery(PipelineQuerySchema, url(`rejected=${bad}`)).rejected).toBe(0);
  });

  it("reads the candidates list's cursor of either order, its dates and its sort", () => {
    const name = "ada ~ lovelace & co";
    const byName = parseQuery(CandidatesQuerySchema, url(`sort=name&after=${encodeURIComponent(textCursorParam({ at: name, id: ID }))}`));
    expect(byName).toMatchObject({ sort: "name", after: { at: name, id: ID, sort: "name" } });
    expect(parseQuery(CandidatesQuerySchema, url(`before=42_${ID}`)).before).toEqual({ at: "42", id: ID, sort: "activity" });
    expect(parseQuery(CandidatesQuerySchema, url(`after=~${ID}`)).after).toEqual({ at: "", id: ID, sort: "name" });
    for (const cursor of [`abc~nope`, `abc${ID}`, `abc_${ID}`, `${"x".repeat(1100)}~${ID}`, `abc~${ID}x`]) {
      expect(parseQuery(CandidatesQuerySchema, url(`after=${encodeURIComponent(cursor)}`)).after, cursor).toBeUndefined();
    }
    expect(parseQuery(CandidatesQuerySchema, url("applied_from=2026-02-29&applied_to=2028-02-29&sort=nope"))).toMatchObject({
      applied_from: undefined,
      applied_to: "2028-02-29",
      sort: "activity",
    });
    expect(parseQuery(CandidatesQuerySchema, url("applied_from=2026-1-5&applied_to=2026-13-01")).applied_from).toBeUndefined();
  });
});
