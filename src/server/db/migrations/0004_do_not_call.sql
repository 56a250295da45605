CREATE TABLE "do_not_call" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'staff' NOT NULL,
	"call_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "do_not_call" ADD CONSTRAINT "do_not_call_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "do_not_call" ADD CONSTRAINT "do_not_call_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "do_not_call_org_phone_uq" ON "do_not_call" USING btree ("organization_id","phone");--> statement-breakpoint
CREATE INDEX "do_not_call_phone_idx" ON "do_not_call" USING btree ("phone");