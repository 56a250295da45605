-- Issue 16: outbound calling. Campaigns group jobs (one per contact; a single call is a job without
-- a campaign); each placement is an attempt with its own call record (decision 019).
CREATE TABLE "outbound_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"purpose" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"voicemail_message" text DEFAULT '' NOT NULL,
	"window_start" text DEFAULT '09:00' NOT NULL,
	"window_end" text DEFAULT '18:00' NOT NULL,
	"window_days" integer[] DEFAULT '{1,2,3,4,5}'::integer[] NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"retry_interval_minutes" integer DEFAULT 60 NOT NULL,
	"concurrency" integer DEFAULT 2 NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"start_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_campaigns_status_check" CHECK ("status" in ('scheduled', 'running', 'paused', 'completed', 'canceled')),
	CONSTRAINT "outbound_campaigns_purpose_check" CHECK ("purpose" in ('appointment_reminder', 'recall', 'callback', 'web_request_follow_up', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "outbound_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid,
	"handoff_id" uuid,
	"patient_id" uuid,
	"contact_name" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"time_zone" text,
	"date_of_birth" text,
	"purpose" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"retry_interval_minutes" integer DEFAULT 60 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_result" text,
	"row_number" integer,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_jobs_status_check" CHECK ("status" in ('scheduled', 'queued', 'dialing', 'in_progress', 'completed', 'no_answer', 'busy', 'failed', 'canceled', 'blocked_dnc')),
	CONSTRAINT "outbound_jobs_purpose_check" CHECK ("purpose" in ('appointment_reminder', 'recall', 'callback', 'web_request_follow_up', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "outbound_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"attempt_no" integer NOT NULL,
	"provider" text NOT NULL,
	"placement" text DEFAULT 'placing' NOT NULL,
	"provider_call_id" text,
	"call_id" uuid,
	"result" text,
	"answered_by" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"placed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "outbound_attempts_placement_check" CHECK ("placement" in ('placing', 'placed', 'not_placed'))
);
--> statement-breakpoint
ALTER TABLE "outbound_campaigns" ADD CONSTRAINT "outbound_campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_campaigns" ADD CONSTRAINT "outbound_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD CONSTRAINT "outbound_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD CONSTRAINT "outbound_jobs_campaign_id_outbound_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."outbound_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD CONSTRAINT "outbound_jobs_handoff_id_handoffs_id_fk" FOREIGN KEY ("handoff_id") REFERENCES "public"."handoffs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD CONSTRAINT "outbound_jobs_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD CONSTRAINT "outbound_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_attempts" ADD CONSTRAINT "outbound_attempts_job_id_outbound_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."outbound_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_attempts" ADD CONSTRAINT "outbound_attempts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_attempts" ADD CONSTRAINT "outbound_attempts_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbound_campaigns_org_created_idx" ON "outbound_campaigns" USING btree ("organization_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "outbound_campaigns_status_idx" ON "outbound_campaigns" USING btree ("status");--> statement-breakpoint
CREATE INDEX "outbound_jobs_due_idx" ON "outbound_jobs" USING btree ("next_attempt_at") WHERE status in ('scheduled', 'queued');--> statement-breakpoint
CREATE INDEX "outbound_jobs_campaign_idx" ON "outbound_jobs" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "outbound_jobs_org_created_idx" ON "outbound_jobs" USING btree ("organization_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "outbound_jobs_handoff_idx" ON "outbound_jobs" USING btree ("handoff_id") WHERE handoff_id is not null;--> statement-breakpoint
CREATE INDEX "outbound_jobs_live_idx" ON "outbound_jobs" USING btree ("organization_id") WHERE status in ('dialing', 'in_progress');--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_attempts_job_no_uq" ON "outbound_attempts" USING btree ("job_id","attempt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_attempts_provider_call_uq" ON "outbound_attempts" USING btree ("provider","provider_call_id") WHERE provider_call_id is not null;--> statement-breakpoint
CREATE INDEX "outbound_attempts_open_idx" ON "outbound_attempts" USING btree ("placement","claimed_at") WHERE result is null;--> statement-breakpoint
-- calls.outbound_job_id existed without a key; an attempt's call now points at its job.
ALTER TABLE "calls" ADD CONSTRAINT "calls_outbound_job_id_outbound_jobs_id_fk" FOREIGN KEY ("outbound_job_id") REFERENCES "public"."outbound_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_outbound_job_idx" ON "calls" USING btree ("outbound_job_id") WHERE outbound_job_id is not null;
