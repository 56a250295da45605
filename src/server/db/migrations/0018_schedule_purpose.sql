-- Issue 19 §1: office hours and the on-call line are different things. A schedule either staffs
-- the office while it is open (purpose office_hours) or puts someone on duty for urgent
-- transfers while it is closed (after_hours). Patients, callback promises, handoff deadlines and
-- "open now" read the organization's hours, which are office hours only.
ALTER TABLE "schedules" ADD COLUMN "purpose" text DEFAULT 'office_hours' NOT NULL;
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_purpose_check" CHECK ("purpose" in ('office_hours', 'after_hours'));
--> statement-breakpoint
-- Rotas named as on-call, after-hours or overnight lines become after-hours coverage.
UPDATE "schedules" SET "purpose" = 'after_hours'
WHERE "name" ~* '(after[- ]?hours|on[- ]?call|overnight|night|out[- ]of[- ]hours)';
--> statement-breakpoint
-- Opening hours that are exactly a shift of an after-hours rota were that line entered as office
-- hours (the demo's overnight nurse line): they leave the office hours.
WITH line AS (
  SELECT s."organization_id", s."start_time", s."end_time", s."days"
  FROM "schedule_shifts" s JOIN "schedules" sc ON sc."id" = s."schedule_id"
  WHERE sc."purpose" = 'after_hours'
),
kept AS (
  SELECT h."organization_id",
    coalesce((
      SELECT jsonb_agg(w.iv ORDER BY w.ord)
      FROM jsonb_array_elements(h."weekly") WITH ORDINALITY AS w(iv, ord)
      WHERE NOT EXISTS (
        SELECT 1 FROM line l
        WHERE l."organization_id" = h."organization_id" AND l."start_time" = w.iv->>'start' AND l."end_time" = w.iv->>'end'
          AND (w.iv->>'day')::int = ANY (l."days")
      )
    ), '[]'::jsonb) AS weekly
  FROM "organization_hours" h
)
UPDATE "organization_hours" h SET "weekly" = kept.weekly, "version" = h."version" + 1, "updated_at" = now()
FROM kept
WHERE kept."organization_id" = h."organization_id" AND kept.weekly <> h."weekly";
