-- Decision 060: staff pages at a million applications. pg_trgm serves the applications list's search
-- by part of a name or an email (PGlite loads it as an extension, see db.server.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "stage_counts" (
	"stage_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "activity_events_company_created_idx";--> statement-breakpoint
DROP INDEX "applications_job_created_idx";--> statement-breakpoint
DROP INDEX "applications_company_created_idx";--> statement-breakpoint
DROP INDEX "applications_company_status_idx";--> statement-breakpoint
DROP INDEX "applications_stage_created_idx";--> statement-breakpoint
DROP INDEX "jobs_company_created_idx";--> statement-breakpoint
ALTER TABLE "stage_counts" ADD CONSTRAINT "stage_counts_stage_id_pipeline_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."pipeline_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stage_counts_job_idx" ON "stage_counts" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "stage_counts_company_idx" ON "stage_counts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "applications_candidate_name_trgm_idx" ON "applications" USING gin ("candidate_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_candidate_email_trgm_idx" ON "applications" USING gin ("candidate_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "activity_events_company_created_idx" ON "activity_events" USING btree ("company_id","created_at" DESC NULLS FIRST,"seq" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_job_created_idx" ON "applications" USING btree ("job_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_company_created_idx" ON "applications" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_company_status_idx" ON "applications" USING btree ("company_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_stage_created_idx" ON "applications" USING btree ("current_pipeline_stage_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_company_created_idx" ON "jobs" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Every stage has its counter row from its first statement on; the applications' trigger then only updates.
CREATE FUNCTION "stage_counts_add_stage"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stage_counts" ("stage_id", "company_id", "job_id") VALUES (NEW."id", NEW."company_id", NEW."job_id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "pipeline_stages_stage_counts" AFTER INSERT ON "pipeline_stages"
  FOR EACH ROW EXECUTE FUNCTION "stage_counts_add_stage"();--> statement-breakpoint
-- An application inserted, moved, re-statused or deleted changes its stages' counters in the same
-- statement. A move updates both rows in stage id order, so two opposite moves cannot deadlock.
CREATE FUNCTION "stage_counts_follow_application"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_stage uuid;
  new_stage uuid;
  old_active integer := 0;
  new_active integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_stage := OLD."current_pipeline_stage_id";
    old_active := (OLD."status" = 'active')::integer;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_stage := NEW."current_pipeline_stage_id";
    new_active := (NEW."status" = 'active')::integer;
  END IF;
  IF old_stage IS NOT DISTINCT FROM new_stage THEN
    IF old_active <> new_active THEN
      UPDATE "stage_counts" SET "active" = "active" + new_active - old_active WHERE "stage_id" = new_stage;
    END IF;
    RETURN NULL;
  END IF;
  IF new_stage IS NULL OR (old_stage IS NOT NULL AND old_stage < new_stage) THEN
    UPDATE "stage_counts" SET "applications" = "applications" - 1, "active" = "active" - old_active WHERE "stage_id" = old_stage;
    UPDATE "stage_counts" SET "applications" = "applications" + 1, "active" = "active" + new_active WHERE "stage_id" = new_stage;
  ELSE
    UPDATE "stage_counts" SET "applications" = "applications" + 1, "active" = "active" + new_active WHERE "stage_id" = new_stage;
    UPDATE "stage_counts" SET "applications" = "applications" - 1, "active" = "active" - old_active WHERE "stage_id" = old_stage;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "applications_stage_counts" AFTER INSERT OR DELETE OR UPDATE OF "current_pipeline_stage_id", "status" ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "stage_counts_follow_application"();--> statement-breakpoint
-- The counters of the stages there already are.
INSERT INTO "stage_counts" ("stage_id", "company_id", "job_id", "applications", "active")
SELECT s."id", s."company_id", s."job_id", count(a."id")::integer, (count(a."id") FILTER (WHERE a."status" = 'active'))::integer
FROM "pipeline_stages" s LEFT JOIN "applications" a ON a."current_pipeline_stage_id" = s."id"
GROUP BY s."id";
