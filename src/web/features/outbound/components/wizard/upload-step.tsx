import * as React from 'react';
import type { SessionOrganization } from '@contracts/session';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { OrganizationPicker } from '../organization-picker';
import { useCsvFile } from '../use-csv-file';

export interface UploadedFile {
  organizationId: string;
  fileName: string;
  csv: string;
}

/** Step 1: which organization, which file. The file is read and checked in the browser first. */
export function UploadStep({ organizations, pending, serverError, onUploaded }: { organizations: SessionOrganization[]; pending: boolean; serverError?: string; onUploaded: (file: UploadedFile) => void }) {
  const [organizationId, setOrganizationId] = React.useState(organizations[0]?.id ?? '');
  const csv = useCsvFile();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void (async () => {
          const chosen = csv.file ?? (await csv.take());
          if (chosen) onUploaded({ organizationId, fileName: chosen.name, csv: chosen.text });
        })();
      }}
    >
      <OrganizationPicker organizations={organizations} value={organizationId} onChange={setOrganizationId} />
      <FormField
        label="Contacts file (CSV)"
        required
        error={csv.error ?? serverError}
        description="One contact per row with a header row: a name (or first and last name) and a phone number; time zone, date of birth and other columns are optional. Comma, semicolon or tab separated, UTF-8, up to 10 MB and 50,000 rows."
      >
        <Input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => csv.choose(e.target.files?.[0])} />
      </FormField>
      <Button type="submit" loading={pending}>
        Read the file
      </Button>
    </form>
  );
}
