-- Issue 31 follow-ups (decisions 052, 053).
--
-- A visit the phone agent books is a scheduled request whose appointment-request handoff is made
-- and resolved at once (decision 053). That handoff is the request's record in the queue, not work
-- handed to a person: `settled_by_agent` marks it, and analytics' containment, handoff rate and
-- handoff times, and the calls list's "handed off", leave it out while it stays resolved.
ALTER TABLE "handoffs" ADD COLUMN "settled_by_agent" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The rollups recount a call's hour when the mark changes (the trigger of migration 0014, plus the mark).
DROP TRIGGER "analytics_handoffs_update" ON "handoffs";
--> statement-breakpoint
CREATE TRIGGER analytics_handoffs_update AFTER UPDATE ON handoffs FOR EACH ROW
  WHEN ((OLD.status, OLD.claimed_at, OLD.resolved_at, OLD.call_id, OLD.created_at, OLD.organization_id, OLD.settled_by_agent) IS DISTINCT FROM (NEW.status, NEW.claimed_at, NEW.resolved_at, NEW.call_id, NEW.created_at, NEW.organization_id, NEW.settled_by_agent))
  EXECUTE FUNCTION analytics_mark_handoff();
--> statement-breakpoint
-- The agent's bookings made before the mark existed (booked-request.service.ts wrote this reason).
UPDATE "handoffs" SET "settled_by_agent" = true
  WHERE "type" = 'appointment_request' AND "source" = 'call' AND "resolution" = 'appointment_scheduled' AND "reason" LIKE 'Booked by the agent: %';
--> statement-breakpoint
-- Whether reminders go before a visit (decision 052). The demo's visits of made-up patients are
-- seeded with none: nobody owns their numbers.
ALTER TABLE "booked_visits" ADD COLUMN "send_reminders" boolean DEFAULT true NOT NULL;
