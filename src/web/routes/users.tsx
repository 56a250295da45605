import { DocumentTitle } from '@web/components/document-title';
import { PageHeader } from '@web/components/ui/page-header';

/** /users — staff accounts (administrators only). */
export function UsersRoute() {
  return (
    <>
      <DocumentTitle title="Users" />
      <PageHeader
        title="Users"
        description="Invite staff, set each person's role and organizations, deactivate or reactivate accounts, reset passwords and see when each person last signed in."
      />
    </>
  );
}

export { UsersRoute as Component };
