DROP INDEX "call_events_call_seq_uq";--> statement-breakpoint
DROP INDEX "call_events_dedupe_uq";--> statement-breakpoint
ALTER TABLE "call_events" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "call_events" ADD CONSTRAINT "call_events_pkey" PRIMARY KEY("call_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "call_events_dedupe_uq" ON "call_events" USING btree ("call_id","dedupe_key") WHERE dedupe_key is not null;
