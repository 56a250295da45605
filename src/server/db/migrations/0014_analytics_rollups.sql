CREATE TABLE "analytics_call_hours" (
	"organization_id" uuid NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"direction" text NOT NULL,
	"calls" integer NOT NULL,
	"completed" integer NOT NULL,
	"contained" integer NOT NULL,
	"handed_off" integer NOT NULL,
	"handle_seconds" bigint NOT NULL,
	"handle_count" integer NOT NULL,
	"connected" integer NOT NULL,
	"voicemail" integer NOT NULL,
	"outcome_appointment_requested" integer NOT NULL,
	"outcome_question_answered" integer NOT NULL,
	"outcome_transferred" integer NOT NULL,
	"outcome_message_taken" integer NOT NULL,
	"outcome_emergency" integer NOT NULL,
	"outcome_voicemail" integer NOT NULL,
	"outcome_abandoned" integer NOT NULL,
	"outcome_other" integer NOT NULL,
	"outcome_none" integer NOT NULL,
	CONSTRAINT "analytics_call_hours_pk" PRIMARY KEY ("organization_id","bucket_start","direction")
);
--> statement-breakpoint
CREATE TABLE "analytics_request_hours" (
	"organization_id" uuid NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"started" integer NOT NULL,
	"submitted" integer NOT NULL,
	"scheduled" integer NOT NULL,
	CONSTRAINT "analytics_request_hours_pk" PRIMARY KEY ("organization_id","bucket_start","source")
);
--> statement-breakpoint
CREATE TABLE "analytics_handoff_facts" (
	"handoff_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"claim_seconds" integer,
	"resolve_seconds" integer,
	"claim_business_seconds" integer,
	"resolve_business_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "analytics_dirty" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"organization_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_call_hours" ADD CONSTRAINT "analytics_call_hours_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_request_hours" ADD CONSTRAINT "analytics_request_hours_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_handoff_facts" ADD CONSTRAINT "analytics_handoff_facts_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_handoff_facts_org_bucket_idx" ON "analytics_handoff_facts" USING btree ("organization_id","bucket_start") INCLUDE ("claim_seconds","resolve_seconds","claim_business_seconds","resolve_business_seconds");--> statement-breakpoint
CREATE INDEX "handoffs_org_created_idx" ON "handoffs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "appointment_requests_org_created_idx" ON "appointment_requests" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "do_not_call_org_created_idx" ON "do_not_call" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE FUNCTION analytics_mark_call() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO analytics_dirty (organization_id, at) VALUES (OLD.organization_id, OLD.started_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO analytics_dirty (organization_id, at) VALUES (NEW.organization_id, NEW.started_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_mark_handoff() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO analytics_dirty (organization_id, at) VALUES (OLD.organization_id, OLD.created_at);
    IF OLD.call_id IS NOT NULL THEN
      INSERT INTO analytics_dirty (organization_id, at) SELECT organization_id, started_at FROM calls WHERE id = OLD.call_id;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO analytics_dirty (organization_id, at) VALUES (NEW.organization_id, NEW.created_at);
    IF NEW.call_id IS NOT NULL THEN
      INSERT INTO analytics_dirty (organization_id, at) SELECT organization_id, started_at FROM calls WHERE id = NEW.call_id;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION analytics_mark_request() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO analytics_dirty (organization_id, at) VALUES (OLD.organization_id, OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO analytics_dirty (organization_id, at) VALUES (NEW.organization_id, NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_calls_insert_delete AFTER INSERT OR DELETE ON calls FOR EACH ROW EXECUTE FUNCTION analytics_mark_call();
--> statement-breakpoint
CREATE TRIGGER analytics_calls_update AFTER UPDATE ON calls FOR EACH ROW
  WHEN ((OLD.status, OLD.outcome, OLD.duration_seconds, OLD.started_at, OLD.direction, OLD.organization_id) IS DISTINCT FROM (NEW.status, NEW.outcome, NEW.duration_seconds, NEW.started_at, NEW.direction, NEW.organization_id))
  EXECUTE FUNCTION analytics_mark_call();
--> statement-breakpoint
CREATE TRIGGER analytics_handoffs_insert_delete AFTER INSERT OR DELETE ON handoffs FOR EACH ROW EXECUTE FUNCTION analytics_mark_handoff();
--> statement-breakpoint
CREATE TRIGGER analytics_handoffs_update AFTER UPDATE ON handoffs FOR EACH ROW
  WHEN ((OLD.status, OLD.claimed_at, OLD.resolved_at, OLD.call_id, OLD.created_at, OLD.organization_id) IS DISTINCT FROM (NEW.status, NEW.claimed_at, NEW.resolved_at, NEW.call_id, NEW.created_at, NEW.organization_id))
  EXECUTE FUNCTION analytics_mark_handoff();
--> statement-breakpoint
CREATE TRIGGER analytics_requests_insert_delete AFTER INSERT OR DELETE ON appointment_requests FOR EACH ROW EXECUTE FUNCTION analytics_mark_request();
--> statement-breakpoint
CREATE TRIGGER analytics_requests_update AFTER UPDATE ON appointment_requests FOR EACH ROW
  WHEN ((OLD.status, OLD.submitted_at, OLD.source, OLD.created_at, OLD.organization_id) IS DISTINCT FROM (NEW.status, NEW.submitted_at, NEW.source, NEW.created_at, NEW.organization_id))
  EXECUTE FUNCTION analytics_mark_request();
