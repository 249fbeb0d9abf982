CREATE TABLE "application_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_events" DROP CONSTRAINT "activity_events_type_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "erasure_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_links" ADD CONSTRAINT "application_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_links" ADD CONSTRAINT "application_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_links_token_hash_unique" ON "application_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "application_links_application_idx" ON "application_links" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "application_links_company_idx" ON "application_links" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "application_links_expires_idx" ON "application_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "candidates_email_key_idx" ON "candidates" USING btree ("email_key");--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_type_check" CHECK (type in ('application_received', 'application_added', 'application_imported', 'application_stage_moved', 'application_status_changed', 'application_hired', 'application_feedback_requested', 'application_feedback_submitted', 'application_reply_received', 'application_interview_scheduled', 'application_interview_rescheduled', 'application_interview_cancelled', 'application_scheduling_link_sent', 'application_interview_booked', 'application_candidate_update', 'candidates_merged', 'job_posted', 'job_status_changed'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('candidate.viewed', 'candidate.cv_downloaded', 'candidate.exported', 'candidate.updated', 'candidate.erased', 'candidate.anonymised', 'candidate.erasure_requested', 'member.invited', 'member.role_changed', 'member.removed', 'api_key.created', 'api_key.revoked', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.secret_rolled', 'privacy.changed', 'retention.changed'));