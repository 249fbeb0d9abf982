DROP INDEX "jobs_search_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title || ' ' || description || ' ' || coalesce(requirements, '') || ' ' || coalesce(location, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_sitemap_idx" ON "jobs" USING btree ("created_at","id") WHERE "jobs"."status" = 'published';--> statement-breakpoint
CREATE INDEX "jobs_search_document_idx" ON "jobs" USING gin ("search_document");