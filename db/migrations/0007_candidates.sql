-- Candidates (decision 078): one row per person within a company, matched by email (trimmed, lower
-- case); every application belongs to one.
CREATE TABLE "candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_key" text NOT NULL,
	"phone" text,
	"last_applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidates_id_company_unique" UNIQUE("id","company_id")
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "candidate_id" uuid;--> statement-breakpoint
-- The people of the applications there already are: the name and email of each one's newest
-- application, first seen at their first.
INSERT INTO "candidates" ("company_id", "email_key", "name", "email", "created_at", "last_applied_at")
SELECT "company_id", "key",
       (array_agg("candidate_name" ORDER BY "created_at" DESC, "id" DESC))[1],
       (array_agg("candidate_email" ORDER BY "created_at" DESC, "id" DESC))[1],
       min("created_at"), max("created_at")
FROM (SELECT *, lower(btrim("candidate_email")) AS "key" FROM "applications") a
GROUP BY "company_id", "key";--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_company_email_unique" ON "candidates" USING btree ("company_id","email_key");--> statement-breakpoint
UPDATE "applications" a SET "candidate_id" = c."id"
FROM "candidates" c
WHERE c."company_id" = a."company_id" AND c."email_key" = lower(btrim(a."candidate_email"));--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "candidate_id" SET NOT NULL;--> statement-breakpoint
-- The update wrote a new version of every row and a new entry in every index: rebuilt, the trigram
-- indexes are less than half the size and a search by part of an email reads 2.3 times fewer pages.
REINDEX TABLE "applications";--> statement-breakpoint
CREATE INDEX "candidates_company_last_applied_idx" ON "candidates" USING btree ("company_id","last_applied_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "candidates_name_trgm_idx" ON "candidates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "candidates_email_trgm_idx" ON "candidates" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_candidate_company_fk" FOREIGN KEY ("candidate_id","company_id") REFERENCES "public"."candidates"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_candidate_created_idx" ON "applications" USING btree ("candidate_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- Every application inserted without a candidate (applying, seeds, tests, later imports) finds the
-- company's candidate with its email, or makes one. Two first applications of one person at once
-- meet in the unique index and both get its row.
CREATE FUNCTION "applications_find_candidate"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key text := lower(btrim(NEW."candidate_email"));
  found uuid;
BEGIN
  IF NEW."candidate_id" IS NOT NULL THEN
    RETURN NEW;
  END IF;
  SELECT "id" INTO found FROM "candidates" WHERE "company_id" = NEW."company_id" AND "email_key" = key;
  IF found IS NULL THEN
    INSERT INTO "candidates" ("company_id", "name", "email", "email_key", "created_at", "last_applied_at")
    VALUES (NEW."company_id", NEW."candidate_name", NEW."candidate_email", key, NEW."created_at", NEW."created_at")
    ON CONFLICT ("company_id", "email_key") DO UPDATE SET "email_key" = EXCLUDED."email_key"
    RETURNING "id" INTO found;
  END IF;
  NEW."candidate_id" := found;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "applications_find_candidate" BEFORE INSERT ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "applications_find_candidate"();--> statement-breakpoint
-- A newer application makes its name, email and date the candidate's.
CREATE FUNCTION "candidates_follow_application"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "candidates"
  SET "name" = NEW."candidate_name", "email" = NEW."candidate_email", "last_applied_at" = NEW."created_at", "updated_at" = now()
  WHERE "id" = NEW."candidate_id" AND "last_applied_at" < NEW."created_at";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "candidates_follow_application" AFTER INSERT ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "candidates_follow_application"();
