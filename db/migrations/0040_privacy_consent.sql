ALTER TABLE "applications" ADD COLUMN "privacy_notice_kind" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "privacy_notice_shown" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "privacy_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "talent_pool_consent" boolean;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "talent_pool_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "privacy_notice_kind" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "privacy_notice_url" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "privacy_notice_text" text;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_privacy_notice_kind_check" CHECK ("applications"."privacy_notice_kind" in ('link', 'text', 'default'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_privacy_notice_kind_check" CHECK ("companies"."privacy_notice_kind" in ('link', 'text'));