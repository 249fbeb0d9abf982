CREATE TABLE "cvs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"application_id" uuid,
	"file_name" text NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"text_status" text DEFAULT 'pending' NOT NULL,
	"text" text,
	"pages" integer,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"extracted_at" timestamp with time zone,
	CONSTRAINT "cvs_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "cvs_kind_check" CHECK (kind in ('pdf', 'docx', 'odt', 'rtf', 'txt')),
	CONSTRAINT "cvs_text_status_check" CHECK (text_status in ('pending', 'text', 'no_text', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "cv_field" text DEFAULT 'optional' NOT NULL;--> statement-breakpoint
ALTER TABLE "cvs" ADD CONSTRAINT "cvs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cvs" ADD CONSTRAINT "cvs_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cvs" ADD CONSTRAINT "cvs_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cvs" ADD CONSTRAINT "cvs_candidate_company_fk" FOREIGN KEY ("candidate_id","company_id") REFERENCES "public"."candidates"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cvs_candidate_created_idx" ON "cvs" USING btree ("candidate_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cvs_application_idx" ON "cvs" USING btree ("application_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_cv_field_check" CHECK (cv_field in ('optional', 'required', 'hidden'));