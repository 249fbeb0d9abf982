ALTER TABLE "companies" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "careers_intro" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "logo_content_type" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "department" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "location_document" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(location, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_slug_unique" ON "companies" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "jobs_location_document_idx" ON "jobs" USING gin ("location_document") WHERE "jobs"."status" = 'published';--> statement-breakpoint
CREATE INDEX "jobs_company_board_idx" ON "jobs" USING btree ("company_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'published';--> statement-breakpoint
CREATE INDEX "jobs_featured_idx" ON "jobs" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'published' and "jobs"."featured";--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_slug_check" CHECK ("companies"."slug" ~ '^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$');--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_brand_color_check" CHECK ("companies"."brand_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
-- The board's index with what its filters test (decision 108), which drizzle cannot declare:
-- a filtered page walks the board's order and tests each filter on the index entry alone.
DROP INDEX "jobs_board_idx";--> statement-breakpoint
CREATE INDEX "jobs_board_idx" ON "jobs" USING btree ("published_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("type", "remote_type", "department", "location_document") WHERE "jobs"."status" = 'published';--> statement-breakpoint
-- Every company that exists gets a careers page address from its name (decision 108): the words in
-- lower case joined by hyphens; a name that gives too short or a reserved address gets "company";
-- an address already taken gets the first 8 hex digits of the company's id added.
WITH base AS (
  SELECT id, created_at,
    trim(both '-' from left(trim(both '-' from regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g')), 31)) AS b
  FROM companies
), fixed AS (
  SELECT id, created_at,
    CASE WHEN length(b) < 3 OR b = ANY (ARRAY['about', 'account', 'admin', 'administrator', 'api', 'app', 'apply', 'assets', 'auth', 'blog', 'build', 'careers',
      'companies', 'company', 'dashboard', 'docs', 'documentation', 'embed', 'feed', 'feeds', 'help', 'jobs', 'login',
      'logout', 'manage', 'new', 'null', 'official', 'openhire', 'pricing', 'privacy', 'register', 'root', 'rss', 'security',
      'settings', 'signup', 'static', 'status', 'support', 'system', 'terms', 'undefined', 'www'])
      THEN 'company' ELSE b END AS b
  FROM base
), numbered AS (
  SELECT id, b, row_number() OVER (PARTITION BY b ORDER BY created_at, id) AS n FROM fixed
)
UPDATE companies c
SET slug = CASE WHEN numbered.n = 1 AND numbered.b <> 'company' THEN numbered.b ELSE numbered.b || '-' || left(replace(c.id::text, '-', ''), 8) END
FROM numbered
WHERE numbered.id = c.id;
