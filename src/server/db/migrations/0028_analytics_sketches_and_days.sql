-- Issue 29 (decision 046): analytics are read from PostgreSQL again. The hour versions and each
-- process's copy of the rollups (decision 034) go; each organization-hour gets percentile
-- sketches of its handoff durations, and a daily rollup per organization-local date serves long
-- windows. Call outcomes are counted in one jsonb object per row, keyed by outcome, so a new
-- outcome needs no new column. Everything already folded in is recomputed by the next drain.
DROP TABLE "analytics_hour_versions";
--> statement-breakpoint
DROP SEQUENCE "analytics_hour_version_seq";
--> statement-breakpoint
ALTER TABLE "analytics_call_hours"
  DROP COLUMN "outcome_appointment_requested", DROP COLUMN "outcome_question_answered", DROP COLUMN "outcome_transferred",
  DROP COLUMN "outcome_message_taken", DROP COLUMN "outcome_emergency", DROP COLUMN "outcome_voicemail",
  DROP COLUMN "outcome_abandoned", DROP COLUMN "outcome_other", DROP COLUMN "outcome_none",
  ADD COLUMN "outcomes" jsonb NOT NULL DEFAULT '{}'::jsonb;
--> statement-breakpoint
CREATE TABLE "analytics_handoff_hours" (
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "bucket_start" timestamp with time zone NOT NULL,
  "claim" bytea NOT NULL,
  "resolve" bytea NOT NULL,
  "claim_business" bytea NOT NULL,
  "resolve_business" bytea NOT NULL,
  CONSTRAINT "analytics_handoff_hours_pk" PRIMARY KEY ("organization_id", "bucket_start")
);
--> statement-breakpoint
CREATE TABLE "analytics_call_days" (
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "direction" text NOT NULL,
  "calls" integer NOT NULL,
  "completed" integer NOT NULL,
  "silent" integer NOT NULL,
  "contained" integer NOT NULL,
  "handed_off" integer NOT NULL,
  "handle_seconds" bigint NOT NULL,
  "handle_count" integer NOT NULL,
  "connected" integer NOT NULL,
  "voicemail" integer NOT NULL,
  "outcomes" jsonb NOT NULL,
  -- Each hour of the date with calls: its start (Unix seconds, int8) and its calls (int4), big-endian.
  "calls_by_hour" bytea NOT NULL,
  CONSTRAINT "analytics_call_days_pk" PRIMARY KEY ("organization_id", "day", "direction")
);
--> statement-breakpoint
CREATE TABLE "analytics_request_days" (
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "source" text NOT NULL,
  "started" integer NOT NULL,
  "submitted" integer NOT NULL,
  "scheduled" integer NOT NULL,
  CONSTRAINT "analytics_request_days_pk" PRIMARY KEY ("organization_id", "day", "source")
);
--> statement-breakpoint
CREATE TABLE "analytics_handoff_days" (
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "claim" bytea NOT NULL,
  "resolve" bytea NOT NULL,
  "claim_business" bytea NOT NULL,
  "resolve_business" bytea NOT NULL,
  CONSTRAINT "analytics_handoff_days_pk" PRIMARY KEY ("organization_id", "day")
);
--> statement-breakpoint
-- When the last drain began that found the queue empty or emptied it: the page's "as of".
CREATE TABLE "analytics_drain_state" (
  "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "drained_at" timestamp with time zone
);
--> statement-breakpoint
INSERT INTO "analytics_drain_state" ("id", "drained_at") VALUES (1, NULL);
--> statement-breakpoint
INSERT INTO "analytics_dirty" ("organization_id", "at")
SELECT organization_id, bucket_start
FROM (SELECT organization_id, bucket_start FROM "analytics_call_hours"
      UNION SELECT organization_id, bucket_start FROM "analytics_request_hours"
      UNION SELECT organization_id, bucket_start FROM "analytics_handoff_facts") h;
