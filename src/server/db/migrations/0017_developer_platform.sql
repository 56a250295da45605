-- Issue 18: API keys, idempotent POSTs of the public API, webhook endpoints, events, deliveries
-- and their attempts. Webhook events are written by triggers on the records that cause them, so
-- an event exists if and only if its change was committed (decision 024).
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL UNIQUE,
	"secret_hash" text NOT NULL UNIQUE,
	"scopes" text[] NOT NULL,
	"organization_ids" uuid[] NOT NULL,
	"created_by" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"replaced_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "api_keys_created_idx" ON "api_keys" ("created_at");
--> statement-breakpoint
CREATE TABLE "api_idempotency_keys" (
	"api_key_id" uuid NOT NULL REFERENCES "api_keys"("id") ON DELETE CASCADE,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("api_key_id", "key")
);
--> statement-breakpoint
CREATE INDEX "api_idempotency_keys_created_idx" ON "api_idempotency_keys" ("created_at");
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"url" text NOT NULL,
	"description" text NOT NULL DEFAULT '',
	"events" text[] NOT NULL,
	"enabled" boolean NOT NULL DEFAULT true,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"disabled_reason" text,
	"failing_since" timestamp with time zone,
	"created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_org_idx" ON "webhook_endpoints" ("organization_id") WHERE "enabled";
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_events_org_created_idx" ON "webhook_events" ("organization_id", "created_at");
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
	"event_id" uuid NOT NULL REFERENCES "webhook_events"("id") ON DELETE CASCADE,
	"status" text NOT NULL DEFAULT 'pending',
	"attempts" integer NOT NULL DEFAULT 0,
	"next_attempt_at" timestamp with time zone,
	"last_response_status" integer,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" ("endpoint_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" ("event_id");
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"delivery_id" uuid NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE,
	"attempt" integer NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"request_headers" jsonb NOT NULL,
	"response_status" integer,
	"response_body" text,
	"duration_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" ("delivery_id", "attempt");
--> statement-breakpoint
-- One event for every enabled endpoint of the organization subscribed to its type: the event row,
-- a delivery per endpoint and its job, in the transaction of the change. Nothing is written
-- when no endpoint listens (one index probe).
CREATE FUNCTION "switchboard_webhook_emit"(p_org uuid, p_type text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	ev uuid;
	d record;
BEGIN
	IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE organization_id = p_org AND enabled AND p_type = ANY(events)) THEN
		RETURN;
	END IF;
	INSERT INTO webhook_events (organization_id, type, data) VALUES (p_org, p_type, p_data) RETURNING id INTO ev;
	FOR d IN
		INSERT INTO webhook_deliveries (endpoint_id, event_id)
		SELECT e.id, ev FROM webhook_endpoints e WHERE e.organization_id = p_org AND e.enabled AND p_type = ANY(e.events)
		RETURNING id
	LOOP
		PERFORM graphile_worker.add_job('deliver-webhook', json_build_object('deliveryId', d.id), max_attempts => 5);
	END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION "switchboard_calls_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM switchboard_webhook_emit(NEW.organization_id, 'call.started', jsonb_build_object(
			'callId', NEW.id, 'organizationId', NEW.organization_id, 'direction', NEW.direction, 'status', NEW.status,
			'fromNumber', NEW.from_number, 'toNumber', NEW.to_number, 'startedAt', NEW.started_at));
	END IF;
	IF NEW.status NOT IN ('ringing', 'in_progress') AND (TG_OP = 'INSERT' OR OLD.status IN ('ringing', 'in_progress')) THEN
		PERFORM switchboard_webhook_emit(NEW.organization_id, 'call.completed', jsonb_build_object(
			'callId', NEW.id, 'organizationId', NEW.organization_id, 'direction', NEW.direction, 'status', NEW.status,
			'outcome', NEW.outcome, 'summary', NEW.summary, 'durationSeconds', NEW.duration_seconds,
			'startedAt', NEW.started_at, 'endedAt', NEW.ended_at));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "calls_webhooks_insert" AFTER INSERT ON "calls" FOR EACH ROW EXECUTE FUNCTION switchboard_calls_webhooks();
--> statement-breakpoint
-- Evaluated per turn as a WHEN test only: a turn that does not end the call calls nothing.
CREATE TRIGGER "calls_webhooks_end" AFTER UPDATE OF "status" ON "calls" FOR EACH ROW
	WHEN (OLD.status IN ('ringing', 'in_progress') AND NEW.status NOT IN ('ringing', 'in_progress'))
	EXECUTE FUNCTION switchboard_calls_webhooks();
--> statement-breakpoint
CREATE FUNCTION "switchboard_handoffs_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM switchboard_webhook_emit(NEW.organization_id, CASE WHEN TG_OP = 'INSERT' THEN 'handoff.created' ELSE 'handoff.resolved' END, jsonb_build_object(
		'handoffId', NEW.id, 'organizationId', NEW.organization_id, 'type', NEW.type, 'priority', NEW.priority, 'status', NEW.status,
		'source', NEW.source, 'callId', NEW.call_id, 'appointmentRequestId', NEW.appointment_request_id, 'reason', NEW.reason,
		'dueAt', NEW.due_at, 'resolution', NEW.resolution, 'resolvedAt', NEW.resolved_at, 'createdAt', NEW.created_at));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "handoffs_webhooks_insert" AFTER INSERT ON "handoffs" FOR EACH ROW EXECUTE FUNCTION switchboard_handoffs_webhooks();
--> statement-breakpoint
CREATE TRIGGER "handoffs_webhooks_resolve" AFTER UPDATE OF "status" ON "handoffs" FOR EACH ROW
	WHEN (NEW.status = 'resolved' AND OLD.status IS DISTINCT FROM 'resolved')
	EXECUTE FUNCTION switchboard_handoffs_webhooks();
--> statement-breakpoint
CREATE FUNCTION "switchboard_requests_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	data jsonb := jsonb_build_object(
		'appointmentRequestId', NEW.id, 'organizationId', NEW.organization_id, 'referenceCode', NEW.reference_code,
		'source', NEW.source, 'status', NEW.status, 'callId', NEW.call_id, 'scheduledFor', NEW.scheduled_for,
		'submittedAt', NEW.submitted_at, 'updatedAt', NEW.updated_at);
BEGIN
	IF NEW.status = 'submitted' AND (TG_OP = 'INSERT' OR OLD.status = 'draft') THEN
		PERFORM switchboard_webhook_emit(NEW.organization_id, 'appointment_request.submitted', data);
	ELSIF TG_OP = 'UPDATE' AND OLD.status <> 'draft' THEN
		PERFORM switchboard_webhook_emit(NEW.organization_id, 'appointment_request.status_changed', data || jsonb_build_object('previousStatus', OLD.status));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "appointment_requests_webhooks_insert" AFTER INSERT ON "appointment_requests" FOR EACH ROW
	WHEN (NEW.status = 'submitted')
	EXECUTE FUNCTION switchboard_requests_webhooks();
--> statement-breakpoint
CREATE TRIGGER "appointment_requests_webhooks_status" AFTER UPDATE OF "status" ON "appointment_requests" FOR EACH ROW
	WHEN (OLD.status IS DISTINCT FROM NEW.status)
	EXECUTE FUNCTION switchboard_requests_webhooks();
--> statement-breakpoint
CREATE FUNCTION "switchboard_intake_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM switchboard_webhook_emit(NEW.organization_id, 'intake.submitted', jsonb_build_object(
		'intakeId', NEW.id, 'organizationId', NEW.organization_id, 'appointmentRequestId', NEW.appointment_request_id,
		'formVersion', NEW.form_version, 'submittedAt', NEW.submitted_at));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "intake_submissions_webhooks_insert" AFTER INSERT ON "intake_submissions" FOR EACH ROW
	WHEN (NEW.status = 'submitted')
	EXECUTE FUNCTION switchboard_intake_webhooks();
--> statement-breakpoint
CREATE TRIGGER "intake_submissions_webhooks_submit" AFTER UPDATE OF "status" ON "intake_submissions" FOR EACH ROW
	WHEN (NEW.status = 'submitted' AND OLD.status IS DISTINCT FROM 'submitted')
	EXECUTE FUNCTION switchboard_intake_webhooks();
