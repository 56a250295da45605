DROP INDEX "calls_org_started_idx";--> statement-breakpoint
DROP INDEX "calls_started_idx";