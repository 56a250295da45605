-- Issue 31 §1–2 (decision 050): clinicians, locations and visit types as records of an
-- organization; each clinician's weekly availability, date exceptions and visit types; and booked
-- visits that can never overlap for one clinician. btree_gist lets one GiST index compare the
-- clinician's uuid with = beside the time range's &&; it ships in contrib with PostgreSQL, so
-- with the embedded server and with Debian's `postgresql` package alike.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- Where visits happen. (id, organization_id) is unique so that the rows pointing here can name
-- both: a clinician's hours or a visit can then only ever name a place of their own organization.
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_id_org_unique" UNIQUE ("id", "organization_id")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "locations_org_name_unique" ON "locations" USING btree ("organization_id", lower("name"));
--> statement-breakpoint
-- What a patient books: its names in English and Spanish (what the agent says), how long it lasts,
-- the time kept free after it, who may book it directly and how far ahead.
CREATE TABLE "visit_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"length_minutes" integer NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"new_patients_allowed" boolean DEFAULT true NOT NULL,
	"min_notice_minutes" integer DEFAULT 0 NOT NULL,
	"max_days_ahead" integer DEFAULT 60 NOT NULL,
	"channels" text[] DEFAULT '{phone,web,staff}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_types_id_org_unique" UNIQUE ("id", "organization_id"),
	CONSTRAINT "visit_types_length_check" CHECK ("length_minutes" BETWEEN 5 AND 480),
	CONSTRAINT "visit_types_buffer_check" CHECK ("buffer_minutes" BETWEEN 0 AND 240),
	CONSTRAINT "visit_types_notice_check" CHECK ("min_notice_minutes" BETWEEN 0 AND 43200),
	CONSTRAINT "visit_types_ahead_check" CHECK ("max_days_ahead" BETWEEN 1 AND 730),
	CONSTRAINT "visit_types_channels_check" CHECK (cardinality("channels") >= 1 AND "channels" <@ ARRAY['phone', 'web', 'staff']::text[])
);
--> statement-breakpoint
ALTER TABLE "visit_types" ADD CONSTRAINT "visit_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "visit_types_org_name_unique" ON "visit_types" USING btree ("organization_id", lower("name_en"));
--> statement-breakpoint
-- A clinician: a user of the organization (user_id) or a named outside clinician (user_id null).
-- The name is kept either way, so the calendar reads the same after the user leaves.
CREATE TABLE "clinicians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinicians_id_org_unique" UNIQUE ("id", "organization_id")
);
--> statement-breakpoint
ALTER TABLE "clinicians" ADD CONSTRAINT "clinicians_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clinicians" ADD CONSTRAINT "clinicians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "clinicians_org_user_unique" ON "clinicians" USING btree ("organization_id", "user_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "clinician_visit_types" (
	"clinician_id" uuid NOT NULL,
	"visit_type_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	CONSTRAINT "clinician_visit_types_pk" PRIMARY KEY ("clinician_id", "visit_type_id")
);
--> statement-breakpoint
ALTER TABLE "clinician_visit_types" ADD CONSTRAINT "clinician_visit_types_clinician_fk" FOREIGN KEY ("clinician_id", "organization_id") REFERENCES "public"."clinicians"("id", "organization_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clinician_visit_types" ADD CONSTRAINT "clinician_visit_types_visit_type_fk" FOREIGN KEY ("visit_type_id", "organization_id") REFERENCES "public"."visit_types"("id", "organization_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "clinician_visit_types_visit_type_idx" ON "clinician_visit_types" USING btree ("visit_type_id");
--> statement-breakpoint
-- Weekly availability: on ISO weekday `day` (1 = Monday) from `start_time` to `end_time`, wall
-- times of the organization's zone, at a location. Breaks are the gaps between ranges.
CREATE TABLE "clinician_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinician_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "clinician_availability_day_check" CHECK ("day" BETWEEN 1 AND 7),
	CONSTRAINT "clinician_availability_range_check" CHECK ("end_time" > "start_time")
);
--> statement-breakpoint
ALTER TABLE "clinician_availability" ADD CONSTRAINT "clinician_availability_clinician_fk" FOREIGN KEY ("clinician_id", "organization_id") REFERENCES "public"."clinicians"("id", "organization_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clinician_availability" ADD CONSTRAINT "clinician_availability_location_fk" FOREIGN KEY ("location_id", "organization_id") REFERENCES "public"."locations"("id", "organization_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "clinician_availability_clinician_idx" ON "clinician_availability" USING btree ("clinician_id");
--> statement-breakpoint
CREATE INDEX "clinician_availability_location_idx" ON "clinician_availability" USING btree ("location_id");
--> statement-breakpoint
-- Date exceptions, read like the hours' date overrides: on the dates from..to the clinician is
-- `unavailable` (leave), or `available` only at `intervals` ([{ start, end }]) at `location_id`.
CREATE TABLE "clinician_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"clinician_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"kind" text NOT NULL,
	"intervals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinician_exceptions_dates_check" CHECK ("to_date" >= "from_date"),
	CONSTRAINT "clinician_exceptions_kind_check" CHECK (("kind" = 'unavailable' AND "location_id" IS NULL) OR ("kind" = 'available' AND "location_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "clinician_exceptions" ADD CONSTRAINT "clinician_exceptions_clinician_fk" FOREIGN KEY ("clinician_id", "organization_id") REFERENCES "public"."clinicians"("id", "organization_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "clinician_exceptions" ADD CONSTRAINT "clinician_exceptions_location_fk" FOREIGN KEY ("location_id", "organization_id") REFERENCES "public"."locations"("id", "organization_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "clinician_exceptions_clinician_idx" ON "clinician_exceptions" USING btree ("clinician_id", "to_date");
--> statement-breakpoint
CREATE INDEX "clinician_exceptions_location_idx" ON "clinician_exceptions" USING btree ("location_id") WHERE "location_id" IS NOT NULL;
--> statement-breakpoint
-- A visit may name the practice's patient record and the appointment request it answers; each
-- must be of the visit's own organization, which a foreign key on (id, organization_id) says.
CREATE UNIQUE INDEX "patients_id_org_unique" ON "patients" USING btree ("id", "organization_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_requests_id_org_unique" ON "appointment_requests" USING btree ("id", "organization_id");
--> statement-breakpoint
-- Booked visits. `during` is the time the clinician is taken: the visit and its buffer,
-- [starts_at, occupied_until). No two visits of one clinician that still hold their time (held,
-- booked, confirmed) may share a moment: the exclusion constraint refuses the second, whatever
-- the number of processes and transactions. A hold lasts until `held_until`; an expired hold
-- still counts for the constraint (its WHERE cannot read the clock), so every transaction that
-- takes time of a clinician first marks that clinician's expired holds canceled (decision 050).
CREATE TABLE "booked_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"clinician_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"visit_type_id" uuid NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"occupied_until" timestamp with time zone NOT NULL,
	"during" tstzrange GENERATED ALWAYS AS (tstzrange("starts_at", "occupied_until", '[)')) STORED,
	"held_until" timestamp with time zone,
	"channel" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"date_of_birth" date,
	"phone" text,
	"email" text,
	"is_new_patient" boolean,
	"patient_id" uuid,
	"appointment_request_id" uuid,
	"call_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"cancel_reason" text,
	"booked_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booked_visits_status_check" CHECK ("status" IN ('held', 'booked', 'confirmed', 'completed', 'canceled', 'no_show')),
	CONSTRAINT "booked_visits_channel_check" CHECK ("channel" IN ('phone', 'web', 'staff')),
	CONSTRAINT "booked_visits_times_check" CHECK ("ends_at" > "starts_at" AND "occupied_until" >= "ends_at"),
	CONSTRAINT "booked_visits_hold_check" CHECK ("status" <> 'held' OR "held_until" IS NOT NULL),
	CONSTRAINT "booked_visits_patient_check" CHECK ("status" IN ('held', 'canceled') OR ("first_name" IS NOT NULL AND "last_name" IS NOT NULL AND "date_of_birth" IS NOT NULL)),
	CONSTRAINT "booked_visits_no_overlap" EXCLUDE USING gist ("clinician_id" WITH =, "during" WITH &&) WHERE ("status" IN ('held', 'booked', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "booked_visits" ADD CONSTRAINT "booked_visits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booked_visits" ADD CONSTRAINT "booked_visits_clinician_fk" FOREIGN KEY ("clinician_id", "organization_id") REFERENCES "public"."clinicians"("id", "organization_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booked_visits" ADD CONSTRAINT "booked_visits_location_fk" FOREIGN KEY ("location_id", "organization_id") REFERENCES "public"."locations"("id", "organization_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booked_visits" ADD CONSTRAINT "booked_visits_visit_type_fk" FOREIGN KEY ("visit_type_id", "organization_id") REFERENCES "public"."visit_types"("id", "organization_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booked_visits" ADD CONSTRAINT "booked_visits_patient_fk" FOREIGN KEY ("patient_id", "organization_id") REFERENCES "public"."patients"("id", "organization_id") ON DELETE set null ("patient_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booked_visits" ADD CONSTRAINT "booked_visits_request_fk" FOREIGN KEY ("appointment_request_id", "organization_id") REFERENCES "public"."appointment_requests"("id", "organization_id") ON DELETE set null ("appointment_request_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booked_visits" ADD CONSTRAINT "booked_visits_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booked_visits" ADD CONSTRAINT "booked_visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The day and week views: an organization's visits by start, or a location's.
CREATE INDEX "booked_visits_org_start_idx" ON "booked_visits" USING btree ("organization_id", "starts_at");
--> statement-breakpoint
CREATE INDEX "booked_visits_location_start_idx" ON "booked_visits" USING btree ("location_id", "starts_at");
--> statement-breakpoint
-- A clinician's visits by start (their own view, and whether a clinician has visits at all).
CREATE INDEX "booked_visits_clinician_start_idx" ON "booked_visits" USING btree ("clinician_id", "starts_at");
--> statement-breakpoint
-- Expired holds, found per clinician before their time is taken.
CREATE INDEX "booked_visits_holds_idx" ON "booked_visits" USING btree ("clinician_id", "held_until") WHERE "status" = 'held';
--> statement-breakpoint
CREATE INDEX "booked_visits_visit_type_idx" ON "booked_visits" USING btree ("visit_type_id");
--> statement-breakpoint
CREATE INDEX "booked_visits_patient_idx" ON "booked_visits" USING btree ("patient_id") WHERE "patient_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "booked_visits_request_idx" ON "booked_visits" USING btree ("appointment_request_id") WHERE "appointment_request_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "booked_visits_call_idx" ON "booked_visits" USING btree ("call_id") WHERE "call_id" IS NOT NULL;
