-- Issue 16: an organization's own outbound settings, edited by its supervisors on /outbound —
-- the calling window for single calls and call-backs (campaigns keep their own) and how many
-- outbound calls may be on the line at once. Its own table, owned by the outbound feature: the
-- organization form rewrites agent_settings whole and would drop what it does not know.
CREATE TABLE "outbound_settings" (
  "organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "concurrency" integer,
  "window_start" text DEFAULT '08:00' NOT NULL,
  "window_end" text DEFAULT '21:00' NOT NULL,
  "window_days" integer[] DEFAULT '{1,2,3,4,5,6,7}'::integer[] NOT NULL,
  "updated_by" text REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- No upper bound here: the API allows 50, the placement benchmark lifts the limit altogether.
  CONSTRAINT "outbound_settings_concurrency_check" CHECK ("concurrency" IS NULL OR "concurrency" >= 1),
  CONSTRAINT "outbound_settings_window_check" CHECK ("window_start" < "window_end")
);
--> statement-breakpoint
-- The concurrency some organizations kept in their agent settings moves here.
INSERT INTO "outbound_settings" ("organization_id", "concurrency")
SELECT "id", ("agent_settings"->>'outboundConcurrency')::integer FROM "organizations"
WHERE "agent_settings"->>'outboundConcurrency' ~ '^[0-9]{1,3}$'
  AND ("agent_settings"->>'outboundConcurrency')::integer BETWEEN 1 AND 500;
--> statement-breakpoint
-- Staff find a patient by the start of a name (the single-call form's patient search).
CREATE INDEX "patients_org_last_name_idx" ON "patients" ("organization_id", lower("last_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "patients_org_first_name_idx" ON "patients" ("organization_id", lower("first_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "patients_org_dob_idx" ON "patients" ("organization_id", "date_of_birth");
