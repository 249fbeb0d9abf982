ALTER TABLE "companies" ADD COLUMN "retention_months" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "talent_pool_retention_months" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_retention_months_check" CHECK ("companies"."retention_months" in (6, 12, 24));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_talent_pool_retention_check" CHECK ("companies"."talent_pool_retention_months" is null or ("companies"."talent_pool_retention_months" in (12, 24, 36) and "companies"."retention_months" is not null));