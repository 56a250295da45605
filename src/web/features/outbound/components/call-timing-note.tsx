import { Alert } from '@web/components/ui/alert';
import { isApiError } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format-date';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useOutboundSettings, useSingleCallTiming } from '../api/outbound-settings';
import { windowSummary } from '../labels';
import { formatWallTime } from '@domain/format/clock';
import { usePractice } from '@web/lib/use-practice';

/**
 * Under the single-call form's "When": when the queue will really place the call. A time outside
 * the organization's calling window (or the callee's 08:00–21:00) is said plainly, with the
 * opening it waits for — the server computes it, as it will for the call itself.
 */
export function CallTimingNote({ organizationId, phone, scheduledFor }: { organizationId: string; phone: string; scheduledFor?: string }) {
  const practice = usePractice(organizationId);
  const country = practice?.country;
  const calleeHours = `${formatWallTime('08:00', country)}–${formatWallTime('21:00', country)}`;
  const settings = useOutboundSettings(organizationId);
  const number = useDebouncedValue(phone.trim(), 400);
  const timing = useSingleCallTiming({ organizationId, phone: number, scheduledFor });
  const window = settings.data ? windowSummary(settings.data.window, country) : null;
  if (number.length < 4) {
    return <p className="text-sm text-muted-foreground">{window ? <>Calls are placed {window}. Enter the number to see when this one will be placed.</> : 'Enter the number to see when the call will be placed.'}</p>;
  }
  if (timing.isPending) return <p className="text-sm text-muted-foreground">Checking the calling window…</p>;
  if (timing.isError) {
    // The phone field shows a bad number itself; anything else is said here.
    const phoneError = isApiError(timing.error) && timing.error.fields['querystring.phone'];
    return phoneError ? null : <p className="text-sm text-destructive">Could not check the calling window: {timing.error.message}</p>;
  }
  const t = timing.data;
  if (!t.placeAt) {
    return (
      <Alert variant="warning" title="This number cannot be called in the calling window">
        The window ({window}) never overlaps {calleeHours} in {t.timeZone}. Change the organization’s calling window, or call a number with its own time zone.
      </Alert>
    );
  }
  if (t.waits) {
    return (
      <Alert variant="info" title={`Will be placed ${formatDateTime(t.placeAt, { practice })}`}>
        {scheduledFor ? 'The time chosen' : 'Now'} is outside the calling window ({window}, and {calleeHours} in the callee’s zone, {t.timeZone}). The call waits in the queue until the window opens.
      </Alert>
    );
  }
  return (
    <p className="text-sm text-muted-foreground" role="status">
      Inside the calling window ({t.timeZone}): placed {scheduledFor ? `at ${formatDateTime(t.placeAt, { practice })}` : 'as soon as a line is free'}.
    </p>
  );
}
