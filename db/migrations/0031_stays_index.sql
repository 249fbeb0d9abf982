-- Time in stage's days left over at either end of a report's days (decision 105): the ended stays of the
-- applications made in a few days, by when they were made, read from the history alone.
CREATE INDEX "stage_entries_stays_idx" ON "stage_entries" USING btree ("company_id","applied_at") WHERE "stage_entries"."left_at" is not null and "stage_entries"."stage_id" is not null;