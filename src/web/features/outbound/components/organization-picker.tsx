import type { SessionOrganization } from '@contracts/session';
import { FormField } from '@web/components/ui/form-field';
import { Select } from '@web/components/ui/select';

/** The organization a panel works on; hidden when the user has only one. */
export function OrganizationPicker({ organizations, value, onChange, label = 'Organization' }: { organizations: SessionOrganization[]; value: string; onChange: (id: string) => void; label?: string }) {
  if (organizations.length <= 1) return null;
  return (
    <FormField label={label} className="w-full sm:max-w-xs">
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
