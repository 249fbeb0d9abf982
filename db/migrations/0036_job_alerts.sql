CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"company_id" uuid,
	"q" text DEFAULT '' NOT NULL,
	"type" text,
	"remote_type" text,
	"location" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"frequency" text NOT NULL,
	"confirm_token_hash" text,
	"confirmed_at" timestamp with time zone,
	"since" timestamp with time zone,
	"next_digest_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alerts_search_key" UNIQUE NULLS NOT DISTINCT("email","company_id","q","type","remote_type","location","department")
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_alerts_confirm_token_idx" ON "job_alerts" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "job_alerts_due_idx" ON "job_alerts" USING btree ("next_digest_at") WHERE "job_alerts"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "job_alerts_unconfirmed_idx" ON "job_alerts" USING btree ("created_at") WHERE "job_alerts"."confirmed_at" is null;