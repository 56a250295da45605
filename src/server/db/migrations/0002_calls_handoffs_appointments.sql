CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"phone" text,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "call_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"call_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"latency_ms" real,
	"dedupe_key" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"status" text DEFAULT 'ringing' NOT NULL,
	"outcome" text,
	"provider" text NOT NULL,
	"provider_call_id" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"patient_id" uuid,
	"brain" text DEFAULT 'builtin' NOT NULL,
	"agent_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"summary" text,
	"transcript_text" text DEFAULT '' NOT NULL,
	"recording_url" text,
	"recording_duration_seconds" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outbound_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_request_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_request_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"appointment_request_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" text,
	"actor_type" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"patient_id" uuid,
	"call_id" uuid,
	"source" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"reference_code" text,
	"draft_token_hash" text,
	"first_name" text,
	"last_name" text,
	"date_of_birth" date,
	"phone" text,
	"email" text,
	"is_new_patient" boolean,
	"reason" text,
	"reason_other" text,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"insurance" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text,
	"consent_to_contact" boolean DEFAULT false NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"scheduled_for" timestamp with time zone,
	"decline_reason" text,
	"cancel_reason" text,
	"decided_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_requests_reference_code_unique" UNIQUE("reference_code"),
	CONSTRAINT "appointment_requests_draft_token_hash_unique" UNIQUE("draft_token_hash")
);
--> statement-breakpoint
CREATE TABLE "handoff_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "handoff_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"handoff_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" text,
	"body" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "handoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"source" text NOT NULL,
	"call_id" uuid,
	"appointment_request_id" uuid,
	"patient_id" uuid,
	"contact_name" text,
	"contact_phone" text,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"assignee_id" text,
	"claimed_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_events" ADD CONSTRAINT "call_events_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_request_events" ADD CONSTRAINT "appointment_request_events_appointment_request_id_appointment_requests_id_fk" FOREIGN KEY ("appointment_request_id") REFERENCES "public"."appointment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_request_events" ADD CONSTRAINT "appointment_request_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoff_events" ADD CONSTRAINT "handoff_events_handoff_id_handoffs_id_fk" FOREIGN KEY ("handoff_id") REFERENCES "public"."handoffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoff_events" ADD CONSTRAINT "handoff_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_appointment_request_id_appointment_requests_id_fk" FOREIGN KEY ("appointment_request_id") REFERENCES "public"."appointment_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_org_phone_idx" ON "patients" USING btree ("organization_id","phone");--> statement-breakpoint
CREATE INDEX "patients_org_email_idx" ON "patients" USING btree ("organization_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "call_events_call_seq_uq" ON "call_events" USING btree ("call_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "call_events_dedupe_uq" ON "call_events" USING btree ("call_id","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_provider_call_uq" ON "calls" USING btree ("provider","provider_call_id");--> statement-breakpoint
CREATE INDEX "calls_org_started_idx" ON "calls" USING btree ("organization_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_started_idx" ON "calls" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_from_idx" ON "calls" USING btree ("from_number");--> statement-breakpoint
CREATE INDEX "calls_status_idx" ON "calls" USING btree ("status") WHERE status in ('ringing', 'in_progress');--> statement-breakpoint
CREATE INDEX "calls_transcript_fts_idx" ON "calls" USING gin (to_tsvector('english', "transcript_text"));--> statement-breakpoint
CREATE INDEX "appointment_request_events_req_idx" ON "appointment_request_events" USING btree ("appointment_request_id","at");--> statement-breakpoint
CREATE INDEX "appointment_requests_org_status_idx" ON "appointment_requests" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "appointment_requests_patient_idx" ON "appointment_requests" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "handoff_events_handoff_idx" ON "handoff_events" USING btree ("handoff_id","at");--> statement-breakpoint
CREATE INDEX "handoffs_org_status_due_idx" ON "handoffs" USING btree ("organization_id","status","due_at");--> statement-breakpoint
CREATE INDEX "handoffs_assignee_idx" ON "handoffs" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "handoffs_call_idx" ON "handoffs" USING btree ("call_id");