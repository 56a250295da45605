-- Counters of the public routes' rate limits, shared by every web process. UNLOGGED: no WAL for
-- a write on every limited request; after a crash the table is empty and windows start afresh.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
