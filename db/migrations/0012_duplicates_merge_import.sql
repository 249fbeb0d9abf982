-- Possible duplicates, merge, and CSV import (decision 085): the phone and name keys duplicates
-- compare (generated columns, indexed per company), the addresses of merged candidates, the pairs
-- said not to be duplicates, CSV imports between preview and confirmation, and the activity of a
-- merge and of an imported application.
CREATE TABLE "candidate_duplicate_dismissals" (
	"company_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"other_candidate_id" uuid NOT NULL,
	"dismissed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_duplicate_dismissals_pkey" PRIMARY KEY("candidate_id","other_candidate_id"),
	CONSTRAINT "candidate_duplicate_dismissals_order_check" CHECK ("candidate_duplicate_dismissals"."candidate_id" < "candidate_duplicate_dismissals"."other_candidate_id")
);
--> statement-breakpoint
CREATE TABLE "candidate_email_aliases" (
	"company_id" uuid NOT NULL,
	"email_key" text NOT NULL,
	"candidate_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_email_aliases_pkey" PRIMARY KEY("company_id","email_key")
);
--> statement-breakpoint
CREATE TABLE "candidate_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" text,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ignored_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"error_count" integer NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone,
	CONSTRAINT "candidate_imports_status_check" CHECK (status in ('previewed', 'imported'))
);
--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_type_check";--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_subject_type_check";--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "phone_key" text GENERATED ALWAYS AS (case when length(regexp_replace(phone, '[^0-9]', '', 'g')) >= 7 then regexp_replace(phone, '[^0-9]', '', 'g') end) STORED;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "name_key" text GENERATED ALWAYS AS (btrim(regexp_replace(regexp_replace(translate(replace(replace(replace(lower(normalize(name, NFD)), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'øłđħıŧ' || chr(160), 'oldhit '), '[' || chr(768) || '-' || chr(879) || ']', '', 'g'), '\s+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_duplicate_dismissals" ADD CONSTRAINT "candidate_duplicate_dismissals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_duplicate_dismissals" ADD CONSTRAINT "candidate_duplicate_dismissals_dismissed_by_user_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_duplicate_dismissals" ADD CONSTRAINT "candidate_duplicate_dismissals_candidate_fk" FOREIGN KEY ("candidate_id","company_id") REFERENCES "public"."candidates"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_duplicate_dismissals" ADD CONSTRAINT "candidate_duplicate_dismissals_other_fk" FOREIGN KEY ("other_candidate_id","company_id") REFERENCES "public"."candidates"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_email_aliases" ADD CONSTRAINT "candidate_email_aliases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_email_aliases" ADD CONSTRAINT "candidate_email_aliases_candidate_fk" FOREIGN KEY ("candidate_id","company_id") REFERENCES "public"."candidates"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_imports" ADD CONSTRAINT "candidate_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_imports" ADD CONSTRAINT "candidate_imports_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_duplicate_dismissals_other_idx" ON "candidate_duplicate_dismissals" USING btree ("other_candidate_id");--> statement-breakpoint
CREATE INDEX "candidate_duplicate_dismissals_dismissed_by_idx" ON "candidate_duplicate_dismissals" USING btree ("dismissed_by") WHERE "candidate_duplicate_dismissals"."dismissed_by" is not null;--> statement-breakpoint
CREATE INDEX "candidate_email_aliases_candidate_idx" ON "candidate_email_aliases" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "candidate_imports_company_created_idx" ON "candidate_imports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "candidate_imports_created_by_idx" ON "candidate_imports" USING btree ("created_by") WHERE "candidate_imports"."created_by" is not null;--> statement-breakpoint
CREATE INDEX "candidates_company_phone_key_idx" ON "candidates" USING btree ("company_id","phone_key") WHERE "candidates"."phone_key" is not null;--> statement-breakpoint
CREATE INDEX "candidates_company_name_key_idx" ON "candidates" USING btree ("company_id","name_key");--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_type_check" CHECK (type in ('application_received', 'application_added', 'application_imported', 'application_stage_moved', 'application_status_changed', 'candidates_merged', 'job_posted', 'job_status_changed'));--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_subject_type_check" CHECK (subject_type in ('application', 'candidate', 'job'));
--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- Written by hand (drizzle-kit does not generate functions or triggers)
-- ---------------------------------------------------------------------------------------------
-- The trigger that finds an application's candidate reads the addresses of merged candidates
-- first: someone merged into another candidate who applies again with their old address joins
-- the candidate they were merged into (decision 085). The rest is migration 0008's.
CREATE OR REPLACE FUNCTION "applications_find_candidate"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key text := lower(btrim(NEW."candidate_email"));
  found uuid;
BEGIN
  IF NEW."candidate_id" IS NOT NULL THEN
    RETURN NEW;
  END IF;
  SELECT "candidate_id" INTO found FROM "candidate_email_aliases" WHERE "company_id" = NEW."company_id" AND "email_key" = key;
  IF found IS NOT NULL THEN
    NEW."candidate_id" := found;
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
$$;--> statement-breakpoint
-- The new columns and indexes are read by the planner from the start.
ANALYZE "candidates";
