import type { PatientMatch } from '@contracts/patients';
import { PatientCombobox } from '@web/components/patient-combobox';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';

export interface PatientDraft {
  mode: 'details' | 'existing';
  existing: PatientMatch | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  email: string;
  /** 'new' | 'returning' | '' (not asked). */
  seenBefore: '' | 'new' | 'returning';
}

export const emptyPatient: PatientDraft = { mode: 'details', existing: null, firstName: '', lastName: '', dateOfBirth: '', phone: '', email: '', seenBefore: '' };

export interface PatientFieldsProps {
  organizationId: string;
  value: PatientDraft;
  onChange: (value: PatientDraft) => void;
  /** Messages by the booking's field paths: "patient.firstName", "patientId"… */
  errorOf: (path: string) => string | undefined;
  idPrefix: string;
}

/** The patient of a booking: their details (the practice's record is found or made), or a patient already on file. */
export function PatientFields({ organizationId, value, onChange, errorOf, idPrefix }: PatientFieldsProps) {
  const set = (patch: Partial<PatientDraft>) => onChange({ ...value, ...patch });
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Patient</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ['details', 'Enter their details', 'Found on file by name and date of birth, or added.'],
              ['existing', 'Find a patient on file', 'By name, phone or date of birth.'],
            ] as const
          ).map(([mode, label, hint]) => (
            <label key={mode} className={cn('flex cursor-pointer items-start gap-3 rounded-md border border-border p-3', value.mode === mode && 'border-primary bg-primary-soft/40')}>
              <input type="radio" name={`${idPrefix}-patient-mode`} value={mode} checked={value.mode === mode} onChange={() => set({ mode })} className="mt-1 size-4 accent-primary" />
              <span>
                <span className="block text-sm font-medium">{label}</span>
                <span className="block text-sm text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {value.mode === 'existing' ? (
        <PatientCombobox
          organizationId={organizationId}
          selected={value.existing}
          onSelect={(existing) => set({ existing })}
          error={errorOf('patientId') ?? errorOf('patient')}
          label="Find the patient"
          hint="Type at least 2 letters of a name, 4 digits of a phone number, or a date of birth."
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" error={errorOf('patient.firstName')} required>
              <Input value={value.firstName} onChange={(e) => set({ firstName: e.target.value })} autoComplete="off" maxLength={100} />
            </FormField>
            <FormField label="Last name" error={errorOf('patient.lastName')} required>
              <Input value={value.lastName} onChange={(e) => set({ lastName: e.target.value })} autoComplete="off" maxLength={100} />
            </FormField>
            <FormField label="Date of birth" error={errorOf('patient.dateOfBirth')} required>
              <Input type="date" value={value.dateOfBirth} onChange={(e) => set({ dateOfBirth: e.target.value })} max={new Date().toISOString().slice(0, 10)} />
            </FormField>
            <FormField label="Phone" error={errorOf('patient.phone')}>
              <Input type="tel" value={value.phone} onChange={(e) => set({ phone: e.target.value })} autoComplete="off" maxLength={30} placeholder="(860) 555-0142" />
            </FormField>
            <FormField label="E-mail" error={errorOf('patient.email')} className="sm:col-span-2">
              <Input type="email" value={value.email} onChange={(e) => set({ email: e.target.value })} autoComplete="off" maxLength={254} />
            </FormField>
          </div>
          <p className="-mt-2 text-sm text-muted-foreground">A phone number or an e-mail address is needed, so the practice can reach them.</p>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Seen here before?</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {(
                [
                  ['returning', 'Yes, returning'],
                  ['new', 'No, a new patient'],
                  ['', 'Not asked'],
                ] as const
              ).map(([seen, label]) => (
                <label key={seen || 'unknown'} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input type="radio" name={`${idPrefix}-seen`} value={seen} checked={value.seenBefore === seen} onChange={() => set({ seenBefore: seen })} className="size-4 accent-primary" />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      )}
    </div>
  );
}

/** The booking's patient part: `patient` (details) or `patientId`. */
export function patientPart(d: PatientDraft): { patient: Record<string, unknown> | null; patientId: string | null } {
  if (d.mode === 'existing') return { patient: null, patientId: d.existing?.id ?? null };
  return {
    patientId: null,
    patient: {
      firstName: d.firstName,
      lastName: d.lastName,
      dateOfBirth: d.dateOfBirth,
      phone: d.phone,
      email: d.email,
      isNewPatient: d.seenBefore === '' ? null : d.seenBefore === 'new',
    },
  };
}
