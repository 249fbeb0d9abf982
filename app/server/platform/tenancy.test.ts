import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { applications } from "../../../db/schema";
import { acrossCompanies, isOwnedBy, owned, ownedSql } from "./tenancy.server";

const dialect = new PgDialect();
const actor = { userId: "u1", companyId: "c1" };

describe("the tenancy helpers", () => {
  it("scope a statement to the actor's company, in drizzle and in raw SQL", () => {
    expect(dialect.sqlToQuery(owned(applications, actor))).toMatchObject({ sql: '"applications"."company_id" = $1', params: ["c1"] });
    expect(dialect.sqlToQuery(ownedSql("a", actor))).toMatchObject({ sql: '"a".company_id = $1', params: ["c1"] });
    expect(isOwnedBy({ companyId: "c1" }, actor)).toBe(true);
    expect(isOwnedBy({ companyId: "c2" }, actor)).toBe(false);
  });

  it("say so when a read crosses companies", () => {
    expect(dialect.sqlToQuery(acrossCompanies(applications, ["c1", "c2"]))).toMatchObject({
      sql: '"applications"."company_id" in ($1, $2)',
      params: ["c1", "c2"],
    });
    expect(dialect.sqlToQuery(acrossCompanies(applications)).sql).toBe('"applications"."company_id" is not null');
  });
});

/** Server files, for the rule below. */
function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * Decision 052: a company filter written by hand is a second way of doing what `owned` does. Joins
 * on a company id (`eq(profiles.companyId, companies.id)`) are not filters and pass.
 */
const HAND_WRITTEN_SCOPE = [
  /\b(?:eq|ne|inArray)\(\s*[\w.]+\.companyId\s*,(?!\s*\w+\.id\b)/,
  /\b\w+\.company_id\s*(?:=|in\b)\s*(?:\$\{|any)/,
  /\.companyId\s*===?\s*\w+\.companyId/,
];
/** Public reads that are across companies by nature, each with its reason. */
const ALLOWED: Record<string, string> = {
  "app/server/job-board/queries.server.ts": "the public board lists every company's published jobs and searches company names",
  "app/server/public-api/boards.server.ts": "the public job board API reads one company's published jobs, named by its careers page address (decision 110)",
  "app/server/job-board/feeds.server.ts": "the public feeds list the board's jobs, or one company's, named by its careers page address (decision 109)",
  "app/server/mail/candidate-emails.server.ts": "the email worker groups a batch of several companies' applications (acrossCompanies)",
};

describe("tenancy in one place", () => {
  it("no server code or route scopes a statement to a company by hand", () => {
    const root = path.resolve(__dirname, "../../..");
    const files = [...serverFiles(path.join(root, "app/server")), ...serverFiles(path.join(root, "app/routes"))];
    const offenders = files.flatMap((file) => {
      const relative = path.relative(root, file);
      if (relative === "app/server/platform/tenancy.server.ts" || ALLOWED[relative]) return [];
      return readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => (HAND_WRITTEN_SCOPE.some((pattern) => pattern.test(line)) ? [`${relative}:${index + 1}: ${line.trim()}`] : []));
    });
    expect(offenders, "use owned(table, actor) / ownedSql(alias, actor) from tenancy.server.ts").toEqual([]);
  });
});
