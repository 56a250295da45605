-- Issue 17: every organization-hour the analytics drain (or the rebuild) recomputes gets a new
-- version number, so a server process that keeps the handoff durations in memory (decision 034)
-- fetches just the hours that changed since its last read. Drains are serialised by an advisory
-- lock, so versions commit in order: a reader never sees a higher version before a lower one.
CREATE SEQUENCE "analytics_hour_version_seq";
--> statement-breakpoint
CREATE TABLE "analytics_hour_versions" (
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "bucket_start" timestamp with time zone NOT NULL,
  "version" bigint NOT NULL,
  CONSTRAINT "analytics_hour_versions_pk" PRIMARY KEY ("organization_id", "bucket_start")
);
--> statement-breakpoint
CREATE INDEX "analytics_hour_versions_version_idx" ON "analytics_hour_versions" ("version");
--> statement-breakpoint
-- Hours already folded in before this migration: one version each, so a first read loads them.
INSERT INTO "analytics_hour_versions" ("organization_id", "bucket_start", "version")
SELECT organization_id, bucket_start, nextval('analytics_hour_version_seq')
FROM (SELECT organization_id, bucket_start FROM "analytics_handoff_facts"
      UNION SELECT organization_id, bucket_start FROM "analytics_call_hours"
      UNION SELECT organization_id, bucket_start FROM "analytics_request_hours") h;
