import { Alert } from '@web/components/ui/alert';
import { useOutboundSummary } from '../api/single-calls';
import { PROVIDER_LABELS } from '../labels';

/** Says plainly who places the calls on this deployment (simulator or Twilio). */
export function ProviderNotice() {
  const summary = useOutboundSummary();
  if (!summary.data) return null;
  const provider = PROVIDER_LABELS[summary.data.provider];
  return (
    <Alert variant={summary.data.provider === 'simulator' ? 'warning' : 'info'} title={`Calls are placed by: ${provider.name}`}>
      <p>{provider.description}</p>
    </Alert>
  );
}
