import { DocumentTitle } from '@web/components/document-title';
import { PageHeader } from '@web/components/ui/page-header';

/** /profile — the signed-in user's own details. */
export function ProfileRoute() {
  return (
    <>
      <DocumentTitle title="Profile" />
      <PageHeader
        title="Profile"
        description="Your name, phone number and notification preferences, the devices where you are signed in (with “sign out elsewhere”), and a link to change your password."
      />
    </>
  );
}

export { ProfileRoute as Component };
