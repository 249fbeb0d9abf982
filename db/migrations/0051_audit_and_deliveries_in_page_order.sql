-- Decision 146: the audit trail's and the delivery log's indexes in their pages' own order. Their pages
-- order by created_at desc, id desc (nulls first); an index of "desc nulls last" could not give that
-- order, so Settings › Audit sorted all of a company's entries for every page (1,000,000: 250 ms alone,
-- over the statement timeout under load). An action, a member and a subject each get an index in
-- that order, so a filtered page reads its rows however few entries match.
DROP INDEX "audit_events_company_created_idx";--> statement-breakpoint
DROP INDEX "audit_events_subject_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_endpoint_created_idx";--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("company_id","action","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("company_id","actor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_company_created_idx" ON "audit_events" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("company_id","subject_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);