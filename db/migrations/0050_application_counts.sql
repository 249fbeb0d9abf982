CREATE TABLE "application_counts" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Pending Reviews summed the company's stage counters with it; the company's counter below replaces that (decision 137).
DROP INDEX "stage_counts_company_idx";--> statement-breakpoint
ALTER TABLE "application_counts" ADD CONSTRAINT "application_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 137: the company's applications and active applications, kept once per statement from its
-- transition tables (as the candidates' counter is, decision 135), so a bulk rejection or a CSV import
-- changes the row once. A company's first application makes its row.
CREATE FUNCTION "application_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_counts" ("company_id", "applications", "active")
    SELECT "company_id", count(*), count(*) FILTER (WHERE "status" = 'active') FROM "added" GROUP BY "company_id"
  ON CONFLICT ("company_id") DO UPDATE SET
    "applications" = "application_counts"."applications" + EXCLUDED."applications",
    "active" = "application_counts"."active" + EXCLUDED."active";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "application_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "application_counts" c SET "applications" = c."applications" - r."n", "active" = c."active" - r."active"
    FROM (SELECT "company_id", count(*) AS "n", count(*) FILTER (WHERE "status" = 'active') AS "active" FROM "removed" GROUP BY "company_id") r
    WHERE c."company_id" = r."company_id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Any update (a trigger with transition tables cannot name its columns): only a change of status
-- (or, never made, of company) changes a row.
CREATE FUNCTION "application_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "application_counts" c SET "applications" = c."applications" + d."n", "active" = c."active" + d."active"
    FROM (
      SELECT "company_id", sum("n") AS "n", sum("active") AS "active"
      FROM (
        SELECT "company_id", 1 AS "n", ("status" = 'active')::integer AS "active" FROM "after"
        UNION ALL
        SELECT "company_id", -1, -("status" = 'active')::integer FROM "before"
      ) x
      GROUP BY "company_id"
    ) d
    WHERE c."company_id" = d."company_id" AND (d."n" <> 0 OR d."active" <> 0);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_counted_added" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "application_counts_added"();--> statement-breakpoint
CREATE TRIGGER "applications_counted_removed" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "application_counts_removed"();--> statement-breakpoint
CREATE TRIGGER "applications_counted_changed" AFTER UPDATE ON "applications"
  REFERENCING OLD TABLE AS "before" NEW TABLE AS "after" FOR EACH STATEMENT EXECUTE FUNCTION "application_counts_changed"();--> statement-breakpoint
INSERT INTO "application_counts" ("company_id", "applications", "active")
  SELECT "company_id", count(*), count(*) FILTER (WHERE "status" = 'active') FROM "applications" GROUP BY "company_id";
