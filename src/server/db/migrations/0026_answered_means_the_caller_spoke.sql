-- Issue 28: an answered call is a completed inbound call in which the caller said something (at
-- least one caller turn); one that completed with no caller turn (silence, a hang-up during the
-- greeting) is "hung up before speaking" and counts in volume only (PRODUCT §6). The call rollups
-- count those calls apart, and contained / handed off / handle time are over answered calls only.
ALTER TABLE "analytics_call_hours" ADD COLUMN "silent" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- Every hour already folded in is recomputed by the next drain, under the new definitions.
INSERT INTO "analytics_dirty" ("organization_id", "at")
SELECT DISTINCT organization_id, bucket_start FROM "analytics_call_hours";
