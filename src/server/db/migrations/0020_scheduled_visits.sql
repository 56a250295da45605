-- Issue 19 §3: scheduling a request records the visit, not only its time — how long it lasts,
-- where it is and with whom (free text: a practice's clinicians and rooms are not modelled yet,
-- so the dialog offers its users and its address as choices). Null on requests scheduled before.
ALTER TABLE "appointment_requests" ADD COLUMN "visit_minutes" integer;
--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD COLUMN "visit_location" text;
--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD COLUMN "visit_clinician" text;
--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_visit_minutes_check" CHECK ("visit_minutes" IS NULL OR "visit_minutes" BETWEEN 5 AND 480);
--> statement-breakpoint
-- The confirmation e-mail carries the visit as a calendar file (.ics): an outbox message keeps its
-- attachments so every delivery attempt sends the same ones. [{ filename, contentType, content }]
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
