CREATE INDEX "calls_started_id_idx" ON "calls" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_org_started_id_idx" ON "calls" USING btree ("organization_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_duration_id_idx" ON "calls" USING btree (coalesce("duration_seconds", -1) desc nulls last,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_org_duration_id_idx" ON "calls" USING btree ("organization_id",coalesce("duration_seconds", -1) desc nulls last,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_outcome_started_id_idx" ON "calls" USING btree ("outcome","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_status_started_id_idx" ON "calls" USING btree ("status","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calls_to_idx" ON "calls" USING btree ("to_number");