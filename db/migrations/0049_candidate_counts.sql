CREATE TABLE "candidate_counts" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"candidates" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_counts" ADD CONSTRAINT "candidate_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Decision 135: the count per company, kept once per statement from its transition table, so a CSV
-- import of 10,000 rows adds one update, not 10,000. A company's first candidate makes its row.
CREATE FUNCTION "candidate_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "candidate_counts" ("company_id", "candidates")
    SELECT "company_id", count(*) FROM "added" GROUP BY "company_id"
  ON CONFLICT ("company_id") DO UPDATE SET "candidates" = "candidate_counts"."candidates" + EXCLUDED."candidates";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "candidate_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "candidate_counts" c SET "candidates" = c."candidates" - r."n"
    FROM (SELECT "company_id", count(*) AS "n" FROM "removed" GROUP BY "company_id") r
    WHERE c."company_id" = r."company_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "candidates_counted_added" AFTER INSERT ON "candidates"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "candidate_counts_added"();--> statement-breakpoint
CREATE TRIGGER "candidates_counted_removed" AFTER DELETE ON "candidates"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "candidate_counts_removed"();--> statement-breakpoint
INSERT INTO "candidate_counts" ("company_id", "candidates")
  SELECT "company_id", count(*) FROM "candidates" GROUP BY "company_id";
