-- Issue 30 §2 (decision 047): a caller the practice missed gets one text, if the organization
-- turned it on. The setting (on or off, the organization's own words in English and Spanish) is
-- part of the organization; `{}` is off with the standard words.
ALTER TABLE "organizations" ADD COLUMN "missed_call_texts" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- What became of each missed call that could have been texted: sent (its outbox row) or skipped
-- (why). One row per call, so a job run again sends nothing twice; a reply from the number opens
-- the message handoff `handoff_id`, where later replies land too.
CREATE TABLE "missed_call_texts" (
	"call_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"language" text DEFAULT 'en' NOT NULL,
	"outbox_message_id" uuid,
	"handoff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "missed_call_texts" ADD CONSTRAINT "missed_call_texts_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "missed_call_texts" ADD CONSTRAINT "missed_call_texts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "missed_call_texts" ADD CONSTRAINT "missed_call_texts_outbox_message_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "missed_call_texts" ADD CONSTRAINT "missed_call_texts_handoff_id_handoffs_id_fk" FOREIGN KEY ("handoff_id") REFERENCES "public"."handoffs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The window ("texted this number in the last 24 hours?") and a reply's thread are found by number.
CREATE INDEX "missed_call_texts_sent_idx" ON "missed_call_texts" USING btree ("organization_id", "phone", "created_at" DESC) WHERE status = 'sent';
