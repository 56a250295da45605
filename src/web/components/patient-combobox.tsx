import * as React from 'react';
import { usePractices } from '@web/lib/use-practice';
import { X } from 'lucide-react';
import type { PatientMatch } from '@contracts/patients';
import { formatDateOfBirth } from '@domain/format/date-of-birth';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api';
import { formatPhone } from '@web/lib/format-phone';
import { localeOfCountry } from '@domain/format/clock';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { usePatientSearch } from '@web/lib/queries/search-patients';

const fullName = (p: PatientMatch) => `${p.firstName} ${p.lastName}`.trim();
/** Date of birth and number, each kept on one line on a narrow screen. */
function Describe({ p, country }: { p: PatientMatch; country?: string }) {
  return (
    <>
      <span className="whitespace-nowrap">born {formatDateOfBirth(p.dateOfBirth, country ? localeOfCountry(country) : undefined)}</span> · <span className="whitespace-nowrap">{p.phone ? formatPhone(p.phone, country) : 'no phone on file'}</span>
    </>
  );
}

export interface PatientComboboxProps {
  organizationId: string;
  selected: PatientMatch | null;
  onSelect: (patient: PatientMatch | null) => void;
  error?: string;
  label?: string;
  /** What picking a patient does, said under the label. */
  hint?: string;
}

/**
 * "Patient (optional)": a combobox (WAI-ARIA 1.2, list autocomplete) over the organization's
 * patients — type a name, phone digits or a date of birth, move with the arrow keys, Enter picks,
 * Escape closes. A picked patient is shown with a button that unlinks them. Used by the outbound
 * call form and the calendars' booking form.
 */
export function PatientCombobox({
  organizationId,
  selected,
  onSelect,
  error,
  label = 'Patient (optional)',
  hint = 'Search by name, phone or date of birth; picking one fills the number and links the call to their record.',
}: PatientComboboxProps) {
  const practiceOf = usePractices();
  const id = React.useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [text, setText] = React.useState('');
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);
  const query = useDebouncedValue(text, 250);
  const search = usePatientSearch(organizationId, open ? query : '');
  const items = search.data?.items ?? [];
  const inputRef = React.useRef<HTMLInputElement>(null);
  const typing = text.trim().length >= 2 && (query !== text || search.isFetching);
  const searchError = search.error ? (isApiError(search.error) ? (Object.values(search.error.fields)[0] ?? search.error.message) : 'The search failed. Try again.') : null;

  const pick = (p: PatientMatch) => {
    onSelect(p);
    setText('');
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (items.length ? (i + 1) % items.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (items.length ? (i <= 0 ? items.length - 1 : i - 1) : -1));
    } else if (e.key === 'Enter') {
      // Enter picks the highlighted patient instead of sending the form.
      if (open && active >= 0 && items[active]) {
        e.preventDefault();
        pick(items[active]);
      }
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  if (selected) {
    return (
      <div className="space-y-2">
        <p className="text-sm font-medium" id={`${id}-label`}>
          Patient
        </p>
        <div className="flex items-start justify-between gap-3 rounded-md border border-border bg-muted/40 px-3 py-2" aria-labelledby={`${id}-label`} role="group">
          <div className="min-w-0 text-sm">
            <p className="font-medium" data-testid="linked-patient">
              {fullName(selected)}
            </p>
            <p className="text-muted-foreground">
              <Describe country={practiceOf(organizationId)?.country} p={selected} />
            </p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Unlink ${fullName(selected)}`}
            onClick={() => {
              onSelect(null);
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
          >
            <X aria-hidden="true" className="size-4" />
            Unlink
          </Button>
        </div>
      </div>
    );
  }

  const showList = open && text.trim().length >= 2;
  return (
    <div className="relative space-y-2">
      <Label htmlFor={inputId}>{label}</Label>
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <div className="relative">
        <Input
          ref={inputRef}
          id={inputId}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          value={text}
          placeholder="e.g. Rossi, 555-0142 or 03/14/1962"
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          // A click on an option lands before the blur closes the list (options use onMouseDown).
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {typing ? <Spinner className="absolute top-3 right-3 text-muted-foreground" /> : null}
      </div>
      <ul id={listId} role="listbox" aria-label="Matching patients" hidden={!showList || items.length === 0} className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-border bg-card py-1 shadow-lg">
        {showList && items.length
          ? items.map((p, i) => (
              <li
                key={p.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-accent text-accent-foreground' : ''}`}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(p);
                }}
                onMouseEnter={() => setActive(i)}
              >
                <span className="block font-medium">{fullName(p)}</span>
                <span className="block text-muted-foreground">
                  <Describe country={practiceOf(organizationId)?.country} p={p} />
                </span>
              </li>
            ))
          : null}
      </ul>
      <p role="status" className="sr-only">
        {showList && !typing && search.data ? `${items.length} ${items.length === 1 ? 'patient' : 'patients'} found.` : ''}
      </p>
      {showList && !typing && !searchError && search.data && items.length === 0 ? <p className="text-sm text-muted-foreground">No patient of this organization matches “{text.trim()}”.</p> : null}
      {showList && searchError ? <p className="text-sm text-destructive">{searchError}</p> : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
