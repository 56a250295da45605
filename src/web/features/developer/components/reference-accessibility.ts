/**
 * Scalar's API reference (0.8) is a Vue app whose markup has accessibility faults we cannot
 * configure away (issue 28; decision 043): it renders its own `<main>` inside ours, sidebar
 * buttons carry `aria-selected` (a button may not), its search button has `role="search"` (a
 * landmark, so its "Open Search" text names nothing), the copy buttons of code blocks have only an
 * icon, and the "more languages" trigger sits in a tablist without being a tab (and loses its text
 * on a phone). Scalar re-renders as the reader scrolls and chooses, so the repair watches the
 * reference and applies again to what changed. Every step is idempotent: the observer's own
 * changes settle after one pass.
 */
export function repairReferenceAccessibility(root: ParentNode): void {
  // One main landmark per page: ours. Scalar's keeps its label as a region.
  for (const main of root.querySelectorAll('main:not([role])')) main.setAttribute('role', 'region');
  // Which sidebar entry is being read: aria-current, which a button may carry.
  for (const button of root.querySelectorAll('button[aria-selected]:not([role])')) {
    if (button.getAttribute('aria-selected') === 'true') button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');
    button.removeAttribute('aria-selected');
  }
  // A button that opens the search dialog, named by its own "Open Search" text.
  for (const button of root.querySelectorAll('button[role="search"]')) button.removeAttribute('role');
  for (const button of root.querySelectorAll('button.scalar-code-copy:not([aria-label])')) button.setAttribute('aria-label', 'Copy code');
  // The languages beyond curl open from the tablist's last button, which shows the chosen one as a tab would.
  for (const button of root.querySelectorAll('[role="tablist"] button.client-libraries__select:not([role])')) {
    button.setAttribute('role', 'tab');
    // Its "More" text is hidden on a phone; the name must not depend on the width.
    if (!button.hasAttribute('aria-label')) button.setAttribute('aria-label', 'More languages');
  }
  for (const button of root.querySelectorAll('[role="tablist"] button.client-libraries__select[role="tab"]')) {
    const selected = String(button.classList.contains('client-libraries__active'));
    if (button.getAttribute('aria-selected') !== selected) button.setAttribute('aria-selected', selected);
  }
  // The filter box of a popover list (the languages): Scalar renders it only while its list is open.
  for (const input of root.querySelectorAll('input[role="combobox"]:not([aria-label]):not([aria-labelledby])')) {
    input.setAttribute('aria-label', input.getAttribute('placeholder') || 'Filter the list');
    if (!input.hasAttribute('aria-expanded')) input.setAttribute('aria-expanded', 'true');
  }
  // "Test Request": the checkbox at the start of each parameter row sends that parameter or not.
  for (const input of root.querySelectorAll('tr input[type="checkbox"]:not([aria-label]):not([aria-labelledby]):not([id])')) input.setAttribute('aria-label', 'Send this parameter');
}

/**
 * Scalar's popovers (the languages list) are teleported into `<div class="scalar-app">` children of
 * <body>, outside the reference: they are watched too, while the reference is on the page. Our own
 * components never use that class.
 */
const SCALAR_PORTALS = 'body > .scalar-app';

/** Repairs `root` now and whenever Scalar changes it; returns the stop function (a React ref callback with cleanup). */
export function watchReferenceAccessibility(root: HTMLElement | null): (() => void) | undefined {
  if (!root) return undefined;
  const options = { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected', 'role', 'class', 'aria-label'] };
  const portals = new Set<Element>();
  const repair = () => {
    repairReferenceAccessibility(root);
    for (const portal of root.ownerDocument.querySelectorAll(SCALAR_PORTALS)) {
      if (!portals.has(portal)) {
        portals.add(portal);
        observer.observe(portal, options);
      }
      repairReferenceAccessibility(portal);
    }
  };
  const observer = new MutationObserver(repair);
  observer.observe(root, options);
  // A portal appears as a child of <body> when a popover first opens.
  const body = new MutationObserver(repair);
  body.observe(root.ownerDocument.body, { childList: true });
  repair();
  return () => {
    observer.disconnect();
    body.disconnect();
  };
}
