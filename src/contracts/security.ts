import { z } from 'zod';
import { ROLES } from '../domain/auth/permissions.js';

/** The security settings endpoint (/api/security-settings, administrators). */

export const SecuritySettings = z
  .object({
    /** Roles whose users must turn on two-factor before using Switchboard. */
    twoFactorRequiredRoles: z.array(z.enum(ROLES)).max(ROLES.length),
  })
  .meta({ id: 'SecuritySettings' });
export type SecuritySettings = z.infer<typeof SecuritySettings>;
