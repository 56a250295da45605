/**
 * Which CSV column holds which part of a contact. Columns are named by their header (made unique
 * by readCsvTable); a field left out or null is not in the file. Columns no field takes are kept
 * with the contact as extra fields (e.g. "appointment date" for a reminder campaign's instructions).
 */
export const CONTACT_FIELDS = ['name', 'firstName', 'lastName', 'phone', 'timeZone', 'dateOfBirth'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ColumnMapping = Partial<Record<ContactField, string | null>>;

export const CONTACT_FIELD_LABELS: Record<ContactField, string> = {
  name: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone number',
  timeZone: 'Time zone',
  dateOfBirth: 'Date of birth',
};

/** Headers as people write them, compared without case, spaces or punctuation. */
const SYNONYMS: Record<ContactField, readonly string[]> = {
  phone: ['phone', 'phonenumber', 'mobile', 'mobilenumber', 'mobilephone', 'cell', 'cellphone', 'cellnumber', 'tel', 'telephone', 'number', 'contactnumber', 'patientphone', 'homephone', 'phoneno', 'telefon', 'telefono'],
  name: ['name', 'fullname', 'patientname', 'contactname', 'patient', 'contact', 'nom', 'nombre'],
  firstName: ['first', 'firstname', 'givenname', 'forename', 'fname', 'prenom', 'vorname'],
  lastName: ['last', 'lastname', 'surname', 'familyname', 'lname', 'nachname'],
  timeZone: ['timezone', 'tz', 'zone', 'ianatimezone'],
  dateOfBirth: ['dob', 'dateofbirth', 'birthdate', 'birthday', 'born', 'geburtsdatum'],
};

export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The mapping a person most likely means; each column serves one field at most. */
export function suggestMapping(headers: readonly string[]): ColumnMapping {
  const normalised = headers.map(normaliseHeader);
  const taken = new Set<number>();
  const mapping: ColumnMapping = {};
  for (const field of CONTACT_FIELDS) {
    const synonyms = SYNONYMS[field];
    // Exact synonym first, then a header that contains one ("Patient mobile phone").
    let index = normalised.findIndex((h, i) => !taken.has(i) && synonyms.includes(h));
    if (index < 0 && field === 'phone') index = normalised.findIndex((h, i) => !taken.has(i) && synonyms.some((s) => s.length > 3 && h.includes(s)));
    if (index >= 0) {
      taken.add(index);
      mapping[field] = headers[index]!;
    }
  }
  return mapping;
}

export type MappingProblem = { field: ContactField | 'mapping'; message: string };

/** What makes a mapping unusable for the file's headers (nothing imports until it is fixed). */
export function mappingProblems(headers: readonly string[], mapping: ColumnMapping): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const known = new Set(headers);
  const used = new Map<string, ContactField>();
  for (const field of CONTACT_FIELDS) {
    const column = mapping[field];
    if (column === undefined || column === null) continue;
    if (!known.has(column)) problems.push({ field, message: `The file has no column "${column}".` });
    else if (used.has(column)) problems.push({ field, message: `The column "${column}" is already used for ${CONTACT_FIELD_LABELS[used.get(column)!].toLowerCase()}.` });
    else used.set(column, field);
  }
  if (!mapping.phone) problems.push({ field: 'phone', message: 'Choose the column that holds the phone number.' });
  if (!mapping.name && !mapping.firstName && !mapping.lastName) problems.push({ field: 'name', message: 'Choose the column that holds the name (or the first and last name columns).' });
  return problems;
}
