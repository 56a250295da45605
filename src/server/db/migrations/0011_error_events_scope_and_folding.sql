-- Issue 14 §1: an error event belongs to the organization it concerns (null: admins only);
-- browser reports that repeat are folded into one event (fingerprint, count, last seen), and
-- the address that reported one is kept to cap how many new ones it may store.
ALTER TABLE "error_events" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "error_events" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "error_events" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "error_events" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "error_events" ADD COLUMN "reporter_ip" text;--> statement-breakpoint
ALTER TABLE "error_events" ADD CONSTRAINT "error_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "error_events_organization_created_idx" ON "error_events" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "error_events" ADD CONSTRAINT "error_events_fingerprint_unique" UNIQUE("fingerprint");--> statement-breakpoint
UPDATE "error_events" SET "last_seen_at" = "created_at";
