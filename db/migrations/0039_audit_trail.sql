CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"via" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "audit_events_action_check" CHECK (action in ('candidate.viewed', 'candidate.cv_downloaded', 'candidate.exported', 'candidate.updated', 'candidate.erased', 'candidate.anonymised', 'member.invited', 'member.role_changed', 'member.removed', 'api_key.created', 'api_key.revoked', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.secret_rolled', 'privacy.changed', 'retention.changed')),
	CONSTRAINT "audit_events_subject_type_check" CHECK (subject_type in ('candidate', 'application', 'member', 'invitation', 'api_key', 'webhook_endpoint', 'company'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_company_created_idx" ON "audit_events" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("company_id","subject_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written: the audit trail is append-only (decision 115). An update is refused; so is a delete,
-- unless the company itself is being deleted (its cascade reaches here with the company gone).
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'The audit trail is append-only: % of an entry refused', lower(TG_OP) USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
