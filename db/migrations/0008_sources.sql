-- Sources of applications and candidates, the "application added" event, and the candidate trigger
-- trying the insert first (decisions 078, 079).
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_type_check";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "source" text DEFAULT 'job_board' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "source_detail" text;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "source" text DEFAULT 'job_board' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "source_detail" text;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_type_check" CHECK (type in ('application_received', 'application_added', 'application_stage_moved', 'application_status_changed', 'job_posted', 'job_status_changed'));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_source_check" CHECK (source in ('job_board', 'careers_page', 'campaign', 'referrer', 'added', 'api', 'import'));--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_source_check" CHECK (source in ('job_board', 'careers_page', 'campaign', 'referrer', 'added', 'api', 'import'));--> statement-breakpoint
-- A candidate the database makes for an application came in the way that application did (decision 079).
CREATE OR REPLACE FUNCTION "applications_find_candidate"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key text := lower(btrim(NEW."candidate_email"));
  found uuid;
BEGIN
  IF NEW."candidate_id" IS NOT NULL THEN
    RETURN NEW;
  END IF;
  -- A new person first: the unique index decides, with no plan to go stale as the table grows (a
  -- plan cached while the table held a few rows scanned it whole for every row of a bulk insert:
  -- 10,001 applications took 25 s on PGlite instead of 10); the person already there is then read
  -- by the same key.
  INSERT INTO "candidates" ("company_id", "name", "email", "email_key", "source", "source_detail", "created_at", "last_applied_at")
  VALUES (NEW."company_id", NEW."candidate_name", NEW."candidate_email", key, NEW."source", NEW."source_detail", NEW."created_at", NEW."created_at")
  ON CONFLICT ("company_id", "email_key") DO NOTHING
  RETURNING "id" INTO found;
  IF found IS NULL THEN
    SELECT "id" INTO found FROM "candidates" WHERE "company_id" = NEW."company_id" AND "email_key" = key;
  END IF;
  NEW."candidate_id" := found;
  RETURN NEW;
END;
$$;
