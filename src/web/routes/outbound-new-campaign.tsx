import * as React from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { ColumnMapping, ImportPreview } from '@contracts/outbound-import';
import { readCsvTable, writeCsvTable } from '@domain/outbound/contacts-csv';
import { DocumentTitle } from '@web/components/document-title';
import { FormErrorAlert } from '@web/components/form-error-alert';
import { PageHeader } from '@web/components/ui/page-header';
import { useToast } from '@web/components/ui/toast';
import { usePreviewImport, useCreateCampaignFromCsv } from '@web/features/outbound/api/import-contacts';
import { ProviderNotice } from '@web/features/outbound/components/provider-notice';
import { MappingStep } from '@web/features/outbound/components/wizard/mapping-step';
import { PreviewStep } from '@web/features/outbound/components/wizard/preview-step';
import { DEFAULT_SETTINGS, SettingsStep, type CampaignSettingsInput, type CampaignSettingsOutput } from '@web/features/outbound/components/wizard/settings-step';
import { UploadStep, type UploadedFile } from '@web/features/outbound/components/wizard/upload-step';
import { useSignedInSession } from '@web/lib/use-signed-in-session';
import { isApiError } from '@web/lib/api';
import { paths } from '@web/lib/paths';

type Step = 'upload' | 'mapping' | 'preview' | 'settings';
const STEPS: { id: Step; label: string }[] = [
  { id: 'upload', label: 'Upload' },
  { id: 'mapping', label: 'Columns' },
  { id: 'preview', label: 'Check rows' },
  { id: 'settings', label: 'Settings' },
];

/** /outbound/campaigns/new — a campaign from a CSV: upload, map the columns, check and fix rows, set it up, create. */
export function NewCampaignRoute() {
  const { organizations } = useSignedInSession();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [step, setStep] = React.useState<Step>('upload');
  const [file, setFile] = React.useState<UploadedFile | null>(null);
  const [mapping, setMapping] = React.useState<ColumnMapping>({});
  const [preview, setPreview] = React.useState<ImportPreview | null>(null);
  const [settings, setSettings] = React.useState<CampaignSettingsInput>(DEFAULT_SETTINGS);
  const [sent, setSent] = React.useState(0);
  const previewing = usePreviewImport();
  const create = useCreateCampaignFromCsv(setSent);
  const headingRef = React.useRef<HTMLHeadingElement>(null);

  const go = (next: Step) => {
    setStep(next);
    // Keyboard and screen-reader users land on the new step's heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const runPreview = (f: UploadedFile, m: ColumnMapping | undefined, next: Step) =>
    previewing.mutate(
      { organizationId: f.organizationId, csv: f.csv, mapping: m },
      {
        onSuccess: (p) => {
          setPreview(p);
          setMapping(p.mapping);
          go(Object.keys(p.mappingProblems).length ? 'mapping' : next);
        },
      },
    );
  const fixRow = (row: number, cells: string[]) => {
    if (!file) return;
    const read = readCsvTable(file.csv);
    if (!read.ok) return;
    read.table.rows[row - 2] = cells;
    const fixed = { ...file, csv: writeCsvTable(read.table) };
    setFile(fixed);
    runPreview(fixed, mapping, 'preview');
  };
  const submit = (values: CampaignSettingsOutput) => {
    if (!file) return;
    setSettings(values);
    setSent(0);
    create.mutate(
      { ...values, organizationId: file.organizationId, csv: file.csv, mapping, fileName: file.fileName },
      {
        onSuccess: (result) => {
          toast({ title: 'Campaign created', description: `${result.import.imported.toLocaleString()} contacts will be called; ${result.import.rejected.toLocaleString()} rows were refused.` });
          void navigate(paths.outboundCampaign.href(result.campaign.id));
        },
      },
    );
  };
  const serverFields = isApiError(create.error) ? create.error.fields : {};
  const current = STEPS.findIndex((s) => s.id === step);

  return (
    <>
      <DocumentTitle title="New campaign" />
      <Link to={paths.outbound.href('campaigns')} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All campaigns
      </Link>
      <PageHeader title="New campaign from a CSV" description="Nothing is created until the last step; refused rows can be fixed here or downloaded afterwards." />
      <div className="mb-4">
        <ProviderNotice />
      </div>
      <ol aria-label="Steps" className="mb-6 flex flex-wrap gap-2 text-sm">
        {STEPS.map((s, i) => (
          <li key={s.id} aria-current={i === current ? 'step' : undefined} className={`rounded-full px-3 py-1 ${i === current ? 'bg-primary text-primary-foreground' : i < current ? 'bg-primary-soft text-primary-soft-foreground' : 'bg-muted text-muted-foreground'}`}>
            {i + 1}. {s.label}
          </li>
        ))}
      </ol>
      <section aria-labelledby="step-heading" className="rounded-xl border border-border bg-card p-4 sm:p-6">
        <h2 id="step-heading" ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-semibold outline-none">
          {STEPS[current]!.label}
        </h2>
        {previewing.error && !(isApiError(previewing.error) && previewing.error.fields.csv) ? <FormErrorAlert error={previewing.error} /> : null}
        {step === 'upload' ? (
          <UploadStep
            organizations={organizations}
            pending={previewing.isPending}
            serverError={isApiError(previewing.error) ? previewing.error.fields.csv : undefined}
            onUploaded={(f) => {
              setFile(f);
              runPreview(f, undefined, 'mapping');
            }}
          />
        ) : null}
        {step === 'mapping' && preview && file ? (
          <MappingStep preview={preview} mapping={mapping} onChange={setMapping} pending={previewing.isPending} onBack={() => go('upload')} onNext={() => runPreview(file, mapping, 'preview')} />
        ) : null}
        {step === 'preview' && preview ? <PreviewStep preview={preview} pending={previewing.isPending} onFixRow={fixRow} onBack={() => go('mapping')} onNext={() => go('settings')} /> : null}
        {step === 'settings' ? (
          <>
            {create.error && !(isApiError(create.error) && create.error.hasFieldErrors) ? <FormErrorAlert error={create.error} /> : null}
            {serverFields.csv ? <FormErrorAlert error={create.error} /> : null}
            <SettingsStep organizationId={file?.organizationId} defaultValues={settings} serverErrors={serverFields} pending={create.isPending} onBack={() => go('preview')} onSubmit={submit} />
            {create.isPending ? (
              <div className="mt-4 space-y-1" role="status">
                <progress className="w-full" max={1} value={sent < 1 ? sent : undefined} aria-label="Creating the campaign" />
                <p className="text-sm text-muted-foreground">{sent < 1 ? `Sending the file… ${Math.round(sent * 100)}%` : `Importing ${preview?.counts.valid.toLocaleString() ?? ''} contacts…`}</p>
              </div>
            ) : null}
          </>
        ) : null}
      </section>
    </>
  );
}

export { NewCampaignRoute as Component };
