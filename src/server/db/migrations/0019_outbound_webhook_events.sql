-- Issue 18: the outbound webhook events, written like those of 0017 by triggers in the transaction
-- of the change. Both triggers are deferred to the commit: an attempt's result is stored before
-- its job is settled (retry, completed, out of attempts) and a campaign completes once its last
-- job is final, so reading the job and the campaign's contacts at the commit gives the payload
-- the state the transaction leaves — still before the commit, so the event exists if and only if
-- the change was committed.
CREATE FUNCTION "switchboard_outbound_attempt_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	j record;
BEGIN
	SELECT id, campaign_id, handoff_id, purpose, status, outcome, attempts, max_attempts, next_attempt_at, completed_at
		INTO j FROM outbound_jobs WHERE id = NEW.job_id;
	IF NOT FOUND THEN
		RETURN NULL;
	END IF;
	PERFORM switchboard_webhook_emit(NEW.organization_id, 'outbound.call.completed', jsonb_build_object(
		'jobId', j.id, 'organizationId', NEW.organization_id, 'campaignId', j.campaign_id, 'handoffId', j.handoff_id,
		'purpose', j.purpose,
		'attemptId', NEW.id, 'attemptNo', NEW.attempt_no, 'result', NEW.result, 'answeredBy', NEW.answered_by,
		'callId', NEW.call_id, 'endedAt', NEW.ended_at,
		'jobStatus', j.status, 'outcome', j.outcome, 'attempts', j.attempts, 'maxAttempts', j.max_attempts,
		'final', j.status IN ('completed', 'no_answer', 'busy', 'failed', 'canceled', 'blocked_dnc'),
		'nextAttemptAt', CASE WHEN j.status IN ('scheduled', 'queued') THEN j.next_attempt_at END));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "outbound_attempts_webhooks_insert" AFTER INSERT ON "outbound_attempts"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (NEW.result IS NOT NULL)
	EXECUTE FUNCTION switchboard_outbound_attempt_webhooks();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "outbound_attempts_webhooks_end" AFTER UPDATE OF "result" ON "outbound_attempts"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (OLD.result IS NULL AND NEW.result IS NOT NULL)
	EXECUTE FUNCTION switchboard_outbound_attempt_webhooks();
--> statement-breakpoint
CREATE FUNCTION "switchboard_campaign_webhooks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM switchboard_webhook_emit(NEW.organization_id, 'campaign.completed', jsonb_build_object(
		'campaignId', NEW.id, 'organizationId', NEW.organization_id, 'name', NEW.name, 'purpose', NEW.purpose,
		'status', NEW.status, 'startAt', NEW.start_at, 'completedAt', NEW.completed_at,
		'contacts', (SELECT jsonb_build_object(
			'total', count(*),
			'completed', count(*) FILTER (WHERE status = 'completed'),
			'noAnswer', count(*) FILTER (WHERE status = 'no_answer'),
			'busy', count(*) FILTER (WHERE status = 'busy'),
			'failed', count(*) FILTER (WHERE status = 'failed'),
			'canceled', count(*) FILTER (WHERE status = 'canceled'),
			'blockedDoNotCall', count(*) FILTER (WHERE status = 'blocked_dnc'))
			FROM outbound_jobs WHERE campaign_id = NEW.id),
		'outcomes', (SELECT coalesce(jsonb_object_agg(outcome, n), '{}'::jsonb)
			FROM (SELECT outcome, count(*) AS n FROM outbound_jobs WHERE campaign_id = NEW.id AND outcome IS NOT NULL GROUP BY outcome) o)));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "outbound_campaigns_webhooks_complete" AFTER UPDATE OF "status" ON "outbound_campaigns"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (NEW.status = 'completed' AND OLD.status IS DISTINCT FROM 'completed')
	EXECUTE FUNCTION switchboard_campaign_webhooks();
