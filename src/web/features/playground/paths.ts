/** The playground is a tab of /developer; these build links into it. */
export function playgroundHref(opts: { organizationId?: string; fromCall?: string } = {}): string {
  const params = new URLSearchParams({ tab: 'playground' });
  if (opts.organizationId) params.set('org', opts.organizationId);
  if (opts.fromCall) params.set('fromCall', opts.fromCall);
  return `/developer?${params}`;
}
