import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { DocumentTitle } from '@web/components/document-title';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { paths } from '@web/lib/paths';

/** Any address that matches no page. */
export function NotFoundRoute() {
  return (
    <div className="px-4 py-16">
      <DocumentTitle title="Page not found" />
      <EmptyState
        headingLevel="h1"
        icon={FileQuestion}
        title="Page not found"
        description="The address may be mistyped, or the page may have moved. Check the address, or start again from one of these pages."
        action={
          <>
            <Button asChild>
              <Link to={paths.home.path}>Go to the front page</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to={paths.login.path}>Staff sign in</Link>
            </Button>
          </>
        }
      />
    </div>
  );
}

export { NotFoundRoute as Component };
