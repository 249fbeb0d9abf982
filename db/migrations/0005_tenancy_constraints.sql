-- Decision 052: the database keeps each company's rows together, as the services do.
-- Written by hand around drizzle-kit's output: it repairs rows an older version could have left
-- inconsistent, so that the constraints can be added to a database that already has data, and makes
-- a stage's order and name unique per job DEFERRABLE (which drizzle cannot say).

-- 1. Repairs. A stage and an application take their job's company.
UPDATE "pipeline_stages" s SET "company_id" = j."company_id" FROM "jobs" j WHERE j."id" = s."job_id" AND s."company_id" <> j."company_id";
--> statement-breakpoint
UPDATE "applications" a SET "company_id" = j."company_id" FROM "jobs" j WHERE j."id" = a."job_id" AND a."company_id" <> j."company_id";
--> statement-breakpoint
-- An application in a stage of another job goes to its own job's first stage.
UPDATE "applications" a
SET "current_pipeline_stage_id" = (SELECT s."id" FROM "pipeline_stages" s WHERE s."job_id" = a."job_id" ORDER BY s."order", s."id" LIMIT 1)
WHERE a."current_pipeline_stage_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "pipeline_stages" s WHERE s."id" = a."current_pipeline_stage_id" AND s."job_id" = a."job_id");
--> statement-breakpoint
-- A second stage of the same name in a job gets a distinct one; orders become 1..n in their order.
UPDATE "pipeline_stages" s SET "name" = s."name" || ' (' || left(s."id"::text, 8) || ')'
FROM (SELECT "id", row_number() OVER (PARTITION BY "job_id", "name" ORDER BY "order", "id") AS n FROM "pipeline_stages") d
WHERE d."id" = s."id" AND d.n > 1;
--> statement-breakpoint
UPDATE "pipeline_stages" s SET "order" = r.n
FROM (SELECT "id", row_number() OVER (PARTITION BY "job_id" ORDER BY "order", "id") AS n FROM "pipeline_stages") r
WHERE r."id" = s."id" AND s."order" <> r.n;
--> statement-breakpoint
-- Of several open invitations to one address in one company, the newest stays open.
UPDATE "invitations" i SET "revoked_at" = now()
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "company_id", lower("email") ORDER BY "created_at" DESC, "id" DESC) AS n
  FROM "invitations" WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL
) o
WHERE o."id" = i."id" AND o.n > 1;
--> statement-breakpoint

-- 2. The single-column foreign keys give way to composite ones.
ALTER TABLE "applications" DROP CONSTRAINT "applications_job_id_jobs_id_fk";
--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_current_pipeline_stage_id_pipeline_stages_id_fk";
--> statement-breakpoint
ALTER TABLE "pipeline_stages" DROP CONSTRAINT "pipeline_stages_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "pipeline_stages" DROP CONSTRAINT "pipeline_stages_job_id_jobs_id_fk";
--> statement-breakpoint
DROP INDEX "pipeline_stages_job_order_idx";--> statement-breakpoint
DROP INDEX "pipeline_stages_job_name_idx";--> statement-breakpoint

-- 3. The keys the composite foreign keys point at, and one order and one name per job.
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_id_company_unique" UNIQUE("id","company_id");--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_id_job_unique" UNIQUE("id","job_id");--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_job_order_unique" UNIQUE("job_id","order") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_job_name_unique" UNIQUE("job_id","name") DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint

-- 4. A stage's job is of its company; an application's job is of its company, its stage of its job.
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_job_company_fk" FOREIGN KEY ("job_id","company_id") REFERENCES "public"."jobs"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_company_fk" FOREIGN KEY ("job_id","company_id") REFERENCES "public"."jobs"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_stage_job_fk" FOREIGN KEY ("current_pipeline_stage_id","job_id") REFERENCES "public"."pipeline_stages"("id","job_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint

-- 5. At most one open invitation per address per company.
CREATE UNIQUE INDEX "invitations_open_email_unique" ON "invitations" USING btree ("company_id",lower("email")) WHERE "invitations"."accepted_at" is null and "invitations"."revoked_at" is null;--> statement-breakpoint

-- 6. Indexes on the foreign-key columns that deletes and sweeps look rows up by.
CREATE INDEX "activity_events_actor_idx" ON "activity_events" USING btree ("actor_id") WHERE "activity_events"."actor_id" is not null;--> statement-breakpoint
CREATE INDEX "application_email_queue_created_idx" ON "application_email_queue" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "companies_created_by_idx" ON "companies" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "email_messages_company_idx" ON "email_messages" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "invitations_invited_by_idx" ON "invitations" USING btree ("invited_by");--> statement-breakpoint
CREATE INDEX "invitations_accepted_by_idx" ON "invitations" USING btree ("accepted_by");--> statement-breakpoint
CREATE INDEX "jobs_created_by_idx" ON "jobs" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");
