CREATE TABLE "eeo_responses" (
	"company_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"month" date NOT NULL,
	"answers" jsonb NOT NULL,
	CONSTRAINT "eeo_responses_month_check" CHECK ("eeo_responses"."month" = date_trunc('month', "eeo_responses"."month")::date),
	CONSTRAINT "eeo_responses_answers_check" CHECK (jsonb_typeof("eeo_responses"."answers") = 'object' and "eeo_responses"."answers" <> '{}'::jsonb)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "eeo_survey_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "eeo_survey_questions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "eeo_responses" ADD CONSTRAINT "eeo_responses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eeo_responses" ADD CONSTRAINT "eeo_responses_job_company_fk" FOREIGN KEY ("job_id","company_id") REFERENCES "public"."jobs"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eeo_responses_company_month_idx" ON "eeo_responses" USING btree ("company_id","month");--> statement-breakpoint
CREATE INDEX "eeo_responses_company_job_month_idx" ON "eeo_responses" USING btree ("company_id","job_id","month");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('candidate.viewed', 'candidate.cv_downloaded', 'candidate.exported', 'candidate.updated', 'candidate.erased', 'candidate.anonymised', 'candidate.erasure_requested', 'member.invited', 'member.role_changed', 'member.removed', 'api_key.created', 'api_key.revoked', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.secret_rolled', 'privacy.changed', 'retention.changed', 'eeo_survey.changed'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_eeo_survey_questions_check" CHECK ("companies"."eeo_survey_questions" <@ array['gender', 'age_range', 'ethnicity', 'disability']::text[]);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_eeo_survey_enabled_check" CHECK (not "companies"."eeo_survey_enabled" or cardinality("companies"."eeo_survey_questions") > 0);