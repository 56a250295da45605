import * as React from 'react';
import type { SessionOrganization } from '@contracts/session';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { OrganizationPicker } from '../organization-picker';
import { readCsvFile } from '../read-csv-file';

export interface UploadedFile {
  organizationId: string;
  fileName: string;
  csv: string;
}

/** Step 1: which organization, which file. The file is read and checked in the browser first. */
export function UploadStep({ organizations, pending, serverError, onUploaded }: { organizations: SessionOrganization[]; pending: boolean; serverError?: string; onUploaded: (file: UploadedFile) => void }) {
  const [organizationId, setOrganizationId] = React.useState(organizations[0]?.id ?? '');
  const [file, setFile] = React.useState<{ name: string; csv: string } | null>(null);
  const [error, setError] = React.useState<string | undefined>();
  // Reading a big file takes a moment: "Read the file" pressed meanwhile waits for it instead of
  // saying no file was chosen.
  const reading = React.useRef<Promise<{ name: string; csv: string } | null> | null>(null);

  const onFile = (chosen: File | undefined) => {
    setFile(null);
    setError(undefined);
    if (!chosen) {
      reading.current = null;
      return;
    }
    const read = readCsvFile(chosen).then((result) => {
      if (reading.current !== read) return null;
      if (!result.ok) {
        setError(result.message);
        return null;
      }
      const chosenFile = { name: chosen.name, csv: result.text };
      setFile(chosenFile);
      return chosenFile;
    });
    reading.current = read;
  };
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void (async () => {
          const chosen = file ?? (await reading.current);
          if (!chosen) return setError((current) => current ?? 'Choose a CSV file.');
          onUploaded({ organizationId, fileName: chosen.name, csv: chosen.csv });
        })();
      }}
    >
      <OrganizationPicker organizations={organizations} value={organizationId} onChange={setOrganizationId} />
      <FormField
        label="Contacts file (CSV)"
        required
        error={error ?? serverError}
        description="One contact per row with a header row: a name (or first and last name) and a phone number; time zone, date of birth and other columns are optional. Comma, semicolon or tab separated, UTF-8, up to 10 MB and 50,000 rows."
      >
        <Input type="file" accept=".csv,text/csv,text/plain" onChange={(e) => onFile(e.target.files?.[0])} />
      </FormField>
      <Button type="submit" loading={pending}>
        Read the file
      </Button>
    </form>
  );
}
