-- Issue 27: what staff write for the agent ("instructions") is never spoken. What the agent may
-- say comes from structured fields (the visit a campaign or call is about, a reminded visit's
-- time) and, when a practice wants a sentence said, a separate message for the patient. Each
-- answer the callee gives leaves a record: what they said and what was created for it.
ALTER TABLE "outbound_campaigns" ADD COLUMN "message_for_patient" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbound_campaigns" ADD COLUMN "visit_type" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD COLUMN "message_for_patient" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD COLUMN "visit_type" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD COLUMN "appointment_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD COLUMN "response" text;
--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD COLUMN "appointment_request_id" uuid REFERENCES "appointment_requests"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD COLUMN "result_handoff_id" uuid REFERENCES "handoffs"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "outbound_jobs" ADD COLUMN "voicemail_left_at" timestamp with time zone;
