ALTER TABLE "jobs" ADD COLUMN "remote_countries" text[];--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "closes_on" date;--> statement-breakpoint
CREATE INDEX "jobs_closes_on_idx" ON "jobs" USING btree ("closes_on") WHERE "jobs"."status" = 'published' and "jobs"."closes_on" is not null;