-- Issue 30 §1 (decision 044): texts go out through a gateway (Twilio, Telnyx) from the worker.
-- The outbox row is the idempotency key: a text is claimed (`sending`, `claimed_at`) before the
-- provider is asked, and the provider's message id is kept, unique per transport, so a retry after
-- an unknown outcome finds the message at the provider instead of sending it again. The provider's
-- status callbacks (`queued → sent → delivered | undelivered | failed`) and error code land here.
ALTER TABLE "outbox_messages" ADD COLUMN "claimed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_message_id" text;
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_status" text;
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_error_code" text;
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_status_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_provider_message_idx" ON "outbox_messages" USING btree ("transport", "provider_message_id") WHERE "provider_message_id" IS NOT NULL;
--> statement-breakpoint
-- Each organization's sender and pace: the number (or Twilio Messaging Service SID) its texts come
-- from (none: its first phone number) and texts per second (none: SMS_PER_SECOND). `next_send_at`
-- is the pacing clock every worker process shares: a send takes the next free slot.
CREATE TABLE "messaging_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"sender" text,
	"per_second" real,
	"next_send_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD CONSTRAINT "messaging_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
