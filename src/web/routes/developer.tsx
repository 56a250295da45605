import { DocumentTitle } from '@web/components/document-title';
import { PageHeader } from '@web/components/ui/page-header';

/** /developer — integration tools (administrators and developers). */
export function DeveloperRoute() {
  return (
    <>
      <DocumentTitle title="Developer" />
      <PageHeader
        title="Developer"
        description="API keys, webhook endpoints and their delivery log, the API reference, the agent playground, telephony setup, the outbox, the error log and worker health."
      />
    </>
  );
}

export { DeveloperRoute as Component };
