-- Issue 31 §5: the reminders sent before a booked visit. One row per visit, moment and channel,
-- written in the same transaction as the outbox message it sends: the unique key is what makes a
-- reminder go at most once, whatever the number of workers or retries. A reply (C, R) is read
-- against the latest reminder texted to the number.
CREATE TABLE "visit_reminders" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "visit_id" uuid NOT NULL REFERENCES "booked_visits"("id") ON DELETE CASCADE,
  "hours_before" integer NOT NULL,
  "channel" text NOT NULL,
  "recipient" text NOT NULL,
  "outbox_message_id" uuid,
  "sent_at" timestamp with time zone NOT NULL DEFAULT now(),
  "answer" text,
  "answered_at" timestamp with time zone,
  CONSTRAINT "visit_reminders_channel_check" CHECK ("channel" IN ('sms', 'email')),
  CONSTRAINT "visit_reminders_answer_check" CHECK ("answer" IS NULL OR "answer" IN ('confirmed', 'another_time'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "visit_reminders_once_idx" ON "visit_reminders" USING btree ("visit_id", "hours_before", "channel");
--> statement-breakpoint
CREATE INDEX "visit_reminders_recipient_idx" ON "visit_reminders" USING btree ("organization_id", "recipient", "sent_at" DESC);
--> statement-breakpoint
-- The reminder job's scan: visits still to come that are booked or confirmed.
CREATE INDEX "booked_visits_upcoming_idx" ON "booked_visits" USING btree ("starts_at") WHERE "status" IN ('booked', 'confirmed');
