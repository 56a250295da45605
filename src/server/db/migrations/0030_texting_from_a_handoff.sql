-- Issue 30 §3 (decision 048): a text from a number goes to the handoff that last texted it. The
-- webhook finds that handoff from the outbox row (by recipient) through the history event that
-- names the row: this index keeps that step from reading every handoff's history.
CREATE INDEX "handoff_events_outbox_message_idx" ON "handoff_events" USING btree ((data->>'outboxMessageId')) WHERE kind = 'message_sent';
