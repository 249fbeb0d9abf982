-- "Search candidates" over who they are and what they wrote (issue 12, decision 086). Two documents
-- per candidate, kept by the database in the statements that change what they are made of:
-- search_names (name, email and phone, weight A; tags, weight B, once tags exist) and search_text
-- (application answers and CV text, weight C).
ALTER TABLE "candidates" ADD COLUMN "search_names" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "search_text" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- Who the candidate is: the name, the email whole and in parts ("jane.doe@example.com" is also
-- "jane", "doe", "example", "com"), the phone as written and as digits.
CREATE FUNCTION "candidate_names_document"(name text, email text, phone text, tags text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', concat_ws(' ', name, email, translate(email, '@._+-', '     '), phone, regexp_replace(phone, '\D', '', 'g'))), 'A')
      || setweight(to_tsvector('english', coalesce(tags, '')), 'B')
$$;--> statement-breakpoint
-- What the candidate wrote: every application's cover letter and text answers, and the text of
-- every CV (at most 500,000 characters in all: a tsvector holds 1 MB).
CREATE FUNCTION "candidate_text_document"(candidate uuid) RETURNS tsvector
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', left(concat_ws(E'\n',
    (SELECT string_agg(concat_ws(E'\n', a."form_data"->>'cover_letter',
              (SELECT string_agg(f.value #>> '{}', E'\n') FROM jsonb_each(coalesce(a."form_data"->'custom_fields', '{}'::jsonb)) f
               WHERE jsonb_typeof(f.value) = 'string')), E'\n')
     FROM "applications" a WHERE a."candidate_id" = candidate),
    (SELECT string_agg(c."text", E'\n') FROM "cvs" c WHERE c."candidate_id" = candidate AND c."text" IS NOT NULL)
  ), 500000)), 'C')
$$;--> statement-breakpoint
-- Recomputes the text documents of some candidates, writing only those that changed (a new
-- application without answers changes nothing).
CREATE FUNCTION "candidates_refresh_text"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "candidates" c SET "search_text" = d.doc
  FROM (SELECT u.id, "candidate_text_document"(u.id) AS doc FROM (SELECT DISTINCT id FROM unnest(ids) AS u(id)) u) d
  WHERE c."id" = d.id AND c."search_text" IS DISTINCT FROM d.doc
$$;--> statement-breakpoint
CREATE FUNCTION "candidates_names_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_names" := "candidate_names_document"(NEW."name", NEW."email", NEW."phone", NULL);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "candidates_names_document" BEFORE INSERT OR UPDATE OF "name", "email", "phone" ON "candidates"
  FOR EACH ROW EXECUTE FUNCTION "candidates_names_document"();--> statement-breakpoint
-- Inserted applications and CVs: once per statement (an import of 10,000 rows updates each
-- candidate once).
CREATE FUNCTION "candidates_text_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "candidates_refresh_text"(ARRAY(SELECT DISTINCT "candidate_id" FROM inserted));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "applications_search_text_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "candidates_text_after_insert"();--> statement-breakpoint
CREATE TRIGGER "cvs_search_text_insert" AFTER INSERT ON "cvs"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "candidates_text_after_insert"();--> statement-breakpoint
-- Deleted ones (a job deleted with its applications): once per statement too.
CREATE FUNCTION "candidates_text_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "candidates_refresh_text"(ARRAY(SELECT DISTINCT "candidate_id" FROM deleted));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Changed ones (rare: a CV's text extracted, a merge moving applications): each row, for the
-- candidate it left and the one it joined.
CREATE FUNCTION "candidates_text_after_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "candidates_refresh_text"(ARRAY[OLD."candidate_id", NEW."candidate_id"]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "applications_search_text_change" AFTER UPDATE OF "form_data", "candidate_id" ON "applications"
  FOR EACH ROW WHEN (OLD."form_data" IS DISTINCT FROM NEW."form_data" OR OLD."candidate_id" IS DISTINCT FROM NEW."candidate_id")
  EXECUTE FUNCTION "candidates_text_after_change"();--> statement-breakpoint
CREATE TRIGGER "applications_search_text_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "candidates_text_after_delete"();--> statement-breakpoint
CREATE TRIGGER "cvs_search_text_change" AFTER UPDATE OF "text", "candidate_id" ON "cvs"
  FOR EACH ROW WHEN (OLD."text" IS DISTINCT FROM NEW."text" OR OLD."candidate_id" IS DISTINCT FROM NEW."candidate_id")
  EXECUTE FUNCTION "candidates_text_after_change"();--> statement-breakpoint
CREATE TRIGGER "cvs_search_text_delete" AFTER DELETE ON "cvs"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "candidates_text_after_delete"();--> statement-breakpoint
-- The candidates there are, before their indexes are built (faster than keeping the index as it goes).
UPDATE "candidates" SET "search_names" = "candidate_names_document"("name", "email", "phone", NULL), "search_text" = "candidate_text_document"("id");--> statement-breakpoint
CREATE INDEX "candidates_search_names_idx" ON "candidates" USING gin ("search_names");--> statement-breakpoint
CREATE INDEX "candidates_search_text_idx" ON "candidates" USING gin ("search_text");
