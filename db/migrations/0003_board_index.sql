DROP INDEX "jobs_published_idx";--> statement-breakpoint
CREATE INDEX "jobs_board_idx" ON "jobs" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'published';