CREATE TABLE "team_totals" (
	"company_id" uuid NOT NULL,
	"span" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"member_id" text NOT NULL,
	"kind" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "team_totals_key" UNIQUE("company_id","span","starts_at","member_id","kind"),
	CONSTRAINT "team_totals_span_check" CHECK (span in ('month', 'day', 'hour')),
	CONSTRAINT "team_totals_kind_check" CHECK (kind in ('moved', 'feedback', 'emailed', 'strong_no', 'no', 'yes', 'strong_yes'))
);
--> statement-breakpoint
ALTER TABLE "team_totals" ADD CONSTRAINT "team_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_totals" ADD CONSTRAINT "team_totals_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_totals_read_idx" ON "team_totals" USING btree ("company_id","span","starts_at","member_id","kind","n");--> statement-breakpoint
CREATE INDEX "team_totals_member_idx" ON "team_totals" USING btree ("member_id");--> statement-breakpoint
-- By hand (decision 120): the team's activity summed over every job, per UTC month, day and hour, kept
-- by the same triggers as team_counts (migration 0029) and counted as they count it.
CREATE FUNCTION "team_total_spans"("at" timestamptz) RETURNS TABLE ("span" text, "starts_at" timestamptz) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('month', date_trunc('month', "at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'),
         ('day', date_trunc('day', "at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'),
         ('hour', date_trunc('hour', "at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
$$;--> statement-breakpoint
-- What members did so far, as migration 0029 counted team_counts.
INSERT INTO "team_totals" ("company_id", "span", "starts_at", "member_id", "kind", "n")
SELECT x."company_id", p."span", p."starts_at", x."member_id", x."kind", count(*)::integer
FROM (
  SELECT e."company_id", e."created_at" AS "at", e."actor_id" AS "member_id", k."kind"
  FROM "activity_events" e
  CROSS JOIN LATERAL "team_activity_kinds"(e."type", e."data") k
  JOIN "jobs" j ON j."id" = (e."data"->>'jobId')::uuid AND j."company_id" = e."company_id"
  WHERE e."actor_id" IS NOT NULL AND e."subject_type" = 'application' AND e."type" IN ('application_stage_moved', 'application_feedback_submitted')
  UNION ALL
  SELECT m."company_id", m."created_at", m."sent_by", 'emailed'
  FROM "email_messages" m JOIN "applications" a ON a."id" = m."application_id"
  WHERE m."sent_by" IS NOT NULL AND m."direction" = 'outbound' AND m."status" <> 'cancelled'
) x
CROSS JOIN LATERAL "team_total_spans"(x."at") p
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "team_counts_follow_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "team_counts" AS c ("company_id", "span", "starts_on", "job_id", "member_id", "kind", "n")
  SELECT e."company_id", p."span", p."starts_on", j."id", e."actor_id", k."kind", count(*)::integer
  FROM "new_rows" e
  CROSS JOIN LATERAL "team_activity_kinds"(e."type", e."data") k
  CROSS JOIN LATERAL "team_spans"(e."created_at") p
  JOIN "jobs" j ON j."id" = (e."data"->>'jobId')::uuid AND j."company_id" = e."company_id"
  WHERE e."actor_id" IS NOT NULL AND e."subject_type" = 'application' AND e."type" IN ('application_stage_moved', 'application_feedback_submitted')
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT "team_counts_key" DO UPDATE SET "n" = c."n" + excluded."n";
  INSERT INTO "team_totals" AS c ("company_id", "span", "starts_at", "member_id", "kind", "n")
  SELECT e."company_id", p."span", p."starts_at", e."actor_id", k."kind", count(*)::integer
  FROM "new_rows" e
  CROSS JOIN LATERAL "team_activity_kinds"(e."type", e."data") k
  CROSS JOIN LATERAL "team_total_spans"(e."created_at") p
  JOIN "jobs" j ON j."id" = (e."data"->>'jobId')::uuid AND j."company_id" = e."company_id"
  WHERE e."actor_id" IS NOT NULL AND e."subject_type" = 'application' AND e."type" IN ('application_stage_moved', 'application_feedback_submitted')
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT "team_totals_key" DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "team_counts_follow_emails"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed" text := CASE WHEN TG_OP = 'INSERT'
    THEN 'SELECT *, 1 AS "sign" FROM "new_rows" WHERE "status" <> ''cancelled'''
    ELSE 'SELECT n.*, -1 AS "sign" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE n."status" = ''cancelled'' AND o."status" <> ''cancelled''' END;
BEGIN
  -- Written: counted; cancelled (a delayed email called off): taken out.
  EXECUTE format($sql$
    INSERT INTO "team_counts" AS c ("company_id", "span", "starts_on", "job_id", "member_id", "kind", "n")
    SELECT m."company_id", p."span", p."starts_on", a."job_id", m."sent_by", 'emailed', sum(m."sign")::integer
    FROM (%s) m JOIN "applications" a ON a."id" = m."application_id"
    CROSS JOIN LATERAL "team_spans"(m."created_at") p
    WHERE m."sent_by" IS NOT NULL AND m."direction" = 'outbound'
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(m."sign") <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT "team_counts_key" DO UPDATE SET "n" = c."n" + excluded."n"
  $sql$, "changed");
  EXECUTE format($sql$
    INSERT INTO "team_totals" AS c ("company_id", "span", "starts_at", "member_id", "kind", "n")
    SELECT m."company_id", p."span", p."starts_at", m."sent_by", 'emailed', sum(m."sign")::integer
    FROM (%s) m JOIN "applications" a ON a."id" = m."application_id"
    CROSS JOIN LATERAL "team_total_spans"(m."created_at") p
    WHERE m."sent_by" IS NOT NULL AND m."direction" = 'outbound'
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(m."sign") <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "team_totals_key" DO UPDATE SET "n" = c."n" + excluded."n"
  $sql$, "changed");
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A job deleted on its own takes its share of the totals out, as its team_counts go with it (a company
-- deleted takes everything with it).
CREATE FUNCTION "team_totals_forget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "companies" c WHERE c."id" = OLD."company_id") THEN
    -- The job's actions, found through its applications (their history and emails by application).
    INSERT INTO "team_totals" AS c ("company_id", "span", "starts_at", "member_id", "kind", "n")
    SELECT OLD."company_id", p."span", p."starts_at", x."member_id", x."kind", -count(*)::integer
    FROM (
      SELECT e."created_at" AS "at", e."actor_id" AS "member_id", k."kind"
      FROM "applications" a
      JOIN "activity_events" e ON e."subject_id" = a."id" AND e."company_id" = a."company_id"
      CROSS JOIN LATERAL "team_activity_kinds"(e."type", e."data") k
      WHERE a."job_id" = OLD."id" AND (e."data"->>'jobId')::uuid = OLD."id" AND e."actor_id" IS NOT NULL AND e."subject_type" = 'application'
        AND e."type" IN ('application_stage_moved', 'application_feedback_submitted')
      UNION ALL
      SELECT m."created_at", m."sent_by", 'emailed'
      FROM "applications" a JOIN "email_messages" m ON m."application_id" = a."id"
      WHERE a."job_id" = OLD."id" AND m."sent_by" IS NOT NULL AND m."direction" = 'outbound' AND m."status" <> 'cancelled'
    ) x
    CROSS JOIN LATERAL "team_total_spans"(x."at") p
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "team_totals_key" DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_team_totals_forget" BEFORE DELETE ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION "team_totals_forget"();
