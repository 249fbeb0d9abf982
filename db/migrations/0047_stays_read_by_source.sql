DROP INDEX "stage_name_stays_read_idx";--> statement-breakpoint
DROP INDEX "stage_stays_read_idx";--> statement-breakpoint
CREATE INDEX "stage_name_stays_read_idx" ON "stage_name_stays" USING btree ("company_id","span","source","starts_on","stage","days","stays");--> statement-breakpoint
CREATE INDEX "stage_stays_read_idx" ON "stage_stays" USING btree ("company_id","span","source","job_id","starts_on","stage_id","days","stays");