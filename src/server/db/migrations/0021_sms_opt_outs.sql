-- Issue 19 §4: STOP / START replies by text message, and the inbound messages seen (one row per
-- provider MessageSid, so a repeated webhook is answered the same and changes nothing).
CREATE TABLE "sms_opt_outs" (
	"organization_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"keyword" text NOT NULL,
	"message_sid" text,
	"do_not_call_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_outs_pk" PRIMARY KEY ("organization_id", "phone")
);
--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_do_not_call_id_do_not_call_id_fk" FOREIGN KEY ("do_not_call_id") REFERENCES "public"."do_not_call"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "sms_inbound_messages" (
	"message_sid" text PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"action" text NOT NULL,
	"reply" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_inbound_messages" ADD CONSTRAINT "sms_inbound_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_inbound_messages_org_received_idx" ON "sms_inbound_messages" USING btree ("organization_id", "received_at");
