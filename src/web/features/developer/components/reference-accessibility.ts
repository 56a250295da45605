/**
 * Scalar's API reference (0.8) is a Vue app whose markup has accessibility faults we cannot
 * configure away (issue 28): it renders its own `<main>` inside ours, sidebar buttons carry
 * `aria-selected` (a button may not), its search button has `role="search"` (a landmark, so its
 * "Open Search" text names nothing), the copy buttons of code blocks have only an icon, and the
 * "more languages" trigger sits in a tablist without being a tab. Scalar re-renders as the reader
 * scrolls and chooses, so the repair watches the reference and applies again to what changed.
 * Every step is idempotent: the observer's own changes settle after one pass.
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
    if (!button.hasAttribute('aria-label') && !button.textContent?.trim()) button.setAttribute('aria-label', 'More languages');
  }
  for (const button of root.querySelectorAll('[role="tablist"] button.client-libraries__select[role="tab"]')) {
    const selected = String(button.classList.contains('client-libraries__active'));
    if (button.getAttribute('aria-selected') !== selected) button.setAttribute('aria-selected', selected);
  }
}

/** Repairs `root` now and whenever Scalar changes it; returns the stop function (a React ref callback with cleanup). */
export function watchReferenceAccessibility(root: HTMLElement | null): (() => void) | undefined {
  if (!root) return undefined;
  repairReferenceAccessibility(root);
  const observer = new MutationObserver(() => repairReferenceAccessibility(root));
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected', 'role', 'class', 'aria-label'] });
  return () => observer.disconnect();
}
