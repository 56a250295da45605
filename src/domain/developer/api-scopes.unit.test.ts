import { describe, expect, it } from 'vitest';
import { can } from '../auth/permissions.js';
import { API_SCOPES, SCOPE_CAPABILITY, SCOPE_GRANTS, keyHasScope, scopesGrant } from './api-scopes.js';

describe('API key scopes', () => {
  it('a write scope includes its read scope, never the other way round', () => {
    expect(keyHasScope(['outbound:write'], 'outbound:read')).toBe(true);
    expect(keyHasScope(['outbound:read'], 'outbound:write')).toBe(false);
    expect(keyHasScope(['handoffs:write'], 'calls:read')).toBe(false);
  });

  it('outbound:read grants reading campaigns only; outbound:write also placing calls and running campaigns', () => {
    expect(scopesGrant(['outbound:read'], 'outbound.campaigns.read')).toBe(true);
    expect(scopesGrant(['outbound:read'], 'outbound.single')).toBe(false);
    expect(scopesGrant(['outbound:read'], 'outbound.campaigns')).toBe(false);
    expect(scopesGrant(['outbound:write'], 'outbound.single')).toBe(true);
    expect(scopesGrant(['outbound:write'], 'outbound.campaigns')).toBe(true);
    expect(scopesGrant(['outbound:write'], 'outbound.campaigns.read')).toBe(true);
    expect(scopesGrant(['calls:read', 'analytics:read'], 'outbound.single')).toBe(false);
    expect(scopesGrant([], 'calls.read')).toBe(false);
  });

  it('every scope grants the capability that lets a role grant it; a developer grants no outbound scope (patient contact lists, PRODUCT §2)', () => {
    for (const scope of API_SCOPES) expect(SCOPE_GRANTS[scope] as readonly string[]).toContain(SCOPE_CAPABILITY[scope]);
    expect(can('developer', SCOPE_CAPABILITY['outbound:read'])).toBe(false);
    expect(can('supervisor', SCOPE_CAPABILITY['outbound:read'])).toBe(true);
    expect(can('developer', SCOPE_CAPABILITY['outbound:write'])).toBe(false);
    expect(can('admin', SCOPE_CAPABILITY['outbound:write'])).toBe(true);
  });
});
