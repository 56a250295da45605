CREATE TABLE "handoff_sla_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"urgent_minutes" integer,
	"high_minutes" integer,
	"normal_minutes" integer,
	"low_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "handoff_sla_settings" ADD CONSTRAINT "handoff_sla_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoff_sla_settings" ADD CONSTRAINT "handoff_sla_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;