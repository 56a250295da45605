CREATE TABLE "outbound_campaign_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"imported_count" integer NOT NULL,
	"rejected_count" integer NOT NULL,
	"rejected_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbound_campaign_imports" ADD CONSTRAINT "outbound_campaign_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_campaign_imports" ADD CONSTRAINT "outbound_campaign_imports_campaign_id_outbound_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."outbound_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_campaign_imports" ADD CONSTRAINT "outbound_campaign_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_campaign_imports_campaign_uq" ON "outbound_campaign_imports" USING btree ("campaign_id");
