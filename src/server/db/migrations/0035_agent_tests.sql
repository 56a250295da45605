-- Issue 32: agent tests. A practice keeps suites of simulated callers with expectations and runs
-- them through the real call pipeline. Runs play in a hidden sandbox organization per practice
-- (decision 056): `sandbox_of` names the practice; such a row is never listed, routed to by a
-- number, counted in analytics or exported, so the existing tenancy keeps test records apart.
ALTER TABLE "organizations" ADD COLUMN "sandbox_of" uuid REFERENCES "organizations"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_sandbox_of_idx" ON "organizations" USING btree ("sandbox_of") WHERE "sandbox_of" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "agent_test_suites" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "required" boolean NOT NULL DEFAULT false,
  "version" integer NOT NULL DEFAULT 1,
  "created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "agent_test_suites_org_idx" ON "agent_test_suites" USING btree ("organization_id", "name");
--> statement-breakpoint
CREATE TABLE "agent_test_scenarios" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "suite_id" uuid NOT NULL REFERENCES "agent_test_suites"("id") ON DELETE CASCADE,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "name" text NOT NULL,
  "caller" jsonb NOT NULL,
  "expectations" jsonb NOT NULL,
  "version" integer NOT NULL DEFAULT 1,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "agent_test_scenarios_suite_idx" ON "agent_test_scenarios" USING btree ("suite_id", "position");
--> statement-breakpoint
CREATE TABLE "agent_test_runs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "suite_id" uuid NOT NULL REFERENCES "agent_test_suites"("id") ON DELETE CASCADE,
  "status" text NOT NULL DEFAULT 'queued',
  "settings" text NOT NULL DEFAULT 'saved',
  "draft" jsonb,
  "total" integer NOT NULL DEFAULT 0,
  "completed" integer NOT NULL DEFAULT 0,
  "passed" integer NOT NULL DEFAULT 0,
  "failed" integer NOT NULL DEFAULT 0,
  "emergency_expected" integer NOT NULL DEFAULT 0,
  "emergency_escalated" integer NOT NULL DEFAULT 0,
  "error" text,
  "created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
  "created_by_api_key" boolean NOT NULL DEFAULT false,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone,
  "cancel_requested_at" timestamp with time zone,
  CONSTRAINT "agent_test_runs_status_check" CHECK ("status" IN ('queued', 'running', 'passed', 'failed', 'canceled', 'error')),
  CONSTRAINT "agent_test_runs_settings_check" CHECK ("settings" IN ('saved', 'draft'))
);
--> statement-breakpoint
CREATE INDEX "agent_test_runs_suite_idx" ON "agent_test_runs" USING btree ("suite_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "agent_test_runs_org_idx" ON "agent_test_runs" USING btree ("organization_id", "created_at" DESC);
--> statement-breakpoint
-- One row per scenario played; (run, position) unique so a retried job never records one twice.
CREATE TABLE "agent_test_results" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "run_id" uuid NOT NULL REFERENCES "agent_test_runs"("id") ON DELETE CASCADE,
  "scenario_id" uuid REFERENCES "agent_test_scenarios"("id") ON DELETE SET NULL,
  "position" integer NOT NULL,
  "name" text NOT NULL,
  "passed" boolean NOT NULL,
  "reasons" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "checks" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "transcript" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "records" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "turn_latencies_ms" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "emergency_expected" boolean NOT NULL DEFAULT false,
  "emergency_escalated" boolean NOT NULL DEFAULT false,
  "call_id" uuid,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agent_test_results_run_position_idx" ON "agent_test_results" USING btree ("run_id", "position");
--> statement-breakpoint
-- `agent_test.run.completed` (issue 32 §5): written with the run's end, in its transaction, like
-- the other events (migrations 0017, 0019). The practice's endpoints hear of it, never the sandbox's.
CREATE FUNCTION "switchboard_agent_test_run_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM switchboard_webhook_emit(NEW.organization_id, 'agent_test.run.completed', jsonb_build_object(
		'runId', NEW.id, 'organizationId', NEW.organization_id, 'suiteId', NEW.suite_id,
		'suiteName', (SELECT name FROM agent_test_suites WHERE id = NEW.suite_id),
		'status', NEW.status, 'settings', NEW.settings,
		'total', NEW.total, 'completed', NEW.completed, 'passed', NEW.passed, 'failed', NEW.failed,
		'emergency', jsonb_build_object('expected', NEW.emergency_expected, 'escalated', NEW.emergency_escalated),
		'startedAt', NEW.started_at, 'finishedAt', NEW.finished_at));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "agent_test_runs_webhooks_complete" AFTER UPDATE OF "status" ON "agent_test_runs"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (NEW.status IN ('passed', 'failed', 'canceled', 'error') AND OLD.status IN ('queued', 'running'))
	EXECUTE FUNCTION switchboard_agent_test_run_webhooks();
