import { describe, expect, it } from 'vitest';
import { repairReferenceAccessibility, watchReferenceAccessibility } from './reference-accessibility';

/** Scalar's markup as it renders it (0.8), in miniature. */
const SCALAR = `
  <main aria-label="Open API Documentation for Switchboard public API" class="references-rendered">
    <button type="button" aria-selected="true">Introduction</button>
    <button type="button" aria-selected="false">Calls</button>
    <button role="search" type="button"><span class="sr-only">Open Search</span></button>
    <button type="button" class="scalar-code-copy"><svg aria-hidden="true"></svg></button>
    <div role="tablist"><div><button role="tab" aria-selected="true">Shell</button><button class="client-libraries client-libraries__select" aria-expanded="false"><span>More</span></button></div></div>
  </main>`;

describe('repairReferenceAccessibility', () => {
  it('leaves the page one main landmark and names or re-roles what axe finds critical (issue 28)', () => {
    const root = document.createElement('div');
    root.innerHTML = SCALAR;
    repairReferenceAccessibility(root);
    expect(root.querySelector('main')!.getAttribute('role')).toBe('region');
    const [intro, calls] = root.querySelectorAll('button:not([role])');
    expect(intro!.hasAttribute('aria-selected')).toBe(false);
    expect(intro!.getAttribute('aria-current')).toBe('true');
    expect(calls!.hasAttribute('aria-current')).toBe(false);
    expect(root.querySelectorAll('[role="search"]')).toHaveLength(0);
    expect(root.querySelector('.scalar-code-copy')!.getAttribute('aria-label')).toBe('Copy code');
    const more = root.querySelector('.client-libraries__select')!;
    expect(more.getAttribute('role')).toBe('tab');
    expect(more.getAttribute('aria-selected')).toBe('false');
    expect(more.getAttribute('aria-label')).toBe('More languages');
    // Idempotent: a second pass changes nothing.
    const once = root.innerHTML;
    repairReferenceAccessibility(root);
    expect(root.innerHTML).toBe(once);
  });

  it('repairs again what Scalar renders or changes later', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const stop = watchReferenceAccessibility(root);
    root.innerHTML = SCALAR;
    await Promise.resolve();
    expect(root.querySelectorAll('button[aria-selected]:not([role])')).toHaveLength(0);
    root.querySelector('button:not([role])')!.setAttribute('aria-selected', 'true');
    root.querySelector('.client-libraries__select')!.classList.add('client-libraries__active');
    await Promise.resolve();
    expect(root.querySelectorAll('button[aria-selected]:not([role])')).toHaveLength(0);
    expect(root.querySelector('.client-libraries__select')!.getAttribute('aria-selected')).toBe('true');
    stop?.();
    root.remove();
  });
});

describe('repairReferenceAccessibility, in what opens from the reference', () => {
  it('names the languages filter (in the popover portal, outside the reference) and the parameter checkboxes of Test Request', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const stop = watchReferenceAccessibility(root);
    root.innerHTML = '<table><tr><td><input type="checkbox" class="peer"></td><td>Key</td></tr></table>';
    const portal = document.createElement('div');
    portal.className = 'scalar-app';
    portal.innerHTML = '<div><input role="combobox" aria-autocomplete="list" type="text"><ul role="listbox"></ul></div>';
    document.body.append(portal);
    await Promise.resolve();
    expect(root.querySelector('input[type="checkbox"]')!.getAttribute('aria-label')).toBe('Send this parameter');
    const combobox = portal.querySelector('input')!;
    expect(combobox.getAttribute('aria-label')).toBe('Filter the list');
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    stop?.();
    root.remove();
    portal.remove();
  });
});
