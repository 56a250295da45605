import * as React from 'react';
import type { Capability } from '@domain/auth/permissions';

export interface DeveloperTab {
  /** The `?tab=` value. */
  id: string;
  label: string;
  /** Who sees the tab (the server checks the same capability on its endpoints). */
  capability: Capability;
  /** One line under the tabs saying what this tab is for. */
  description: string;
  Component: React.LazyExoticComponent<React.ComponentType>;
}

/**
 * The tabs of /developer, in order. Later tools (API keys, webhooks, playground, telephony
 * setup, queue health) join by adding a row here; each tab is its own chunk.
 */
export const DEVELOPER_TABS: readonly DeveloperTab[] = [
  {
    id: 'outbox',
    label: 'Outbox',
    capability: 'developer.access',
    description: 'Every email and text message Switchboard sends, with its delivery status. Open one to read it.',
    Component: React.lazy(() => import('@web/features/developer/components/outbox-tab').then((m) => ({ default: m.OutboxTab }))),
  },
  {
    id: 'errors',
    label: 'Errors',
    capability: 'developer.access',
    description: 'Unexpected errors from the server, browsers and background jobs. Find a report by the reference people were shown.',
    Component: React.lazy(() => import('@web/features/developer/components/errors-tab').then((m) => ({ default: m.ErrorsTab }))),
  },
  {
    id: 'audit',
    label: 'Audit log',
    capability: 'audit.read',
    description: 'Who did what and when: sign-ins, user and role changes, password changes, views of health information.',
    Component: React.lazy(() => import('@web/features/developer/components/audit-tab').then((m) => ({ default: m.AuditTab }))),
  },
  {
    id: 'api-keys',
    label: 'API keys',
    capability: 'developer.access',
    description: 'Keys for the public REST API (/api/v1): each acts for you in the organizations and with the scopes you choose.',
    Component: React.lazy(() => import('@web/features/developer/components/api-keys-tab').then((m) => ({ default: m.ApiKeysTab }))),
  },
  {
    id: 'webhooks',
    label: 'Webhooks',
    capability: 'developer.access',
    description: 'Endpoints Switchboard tells when calls, handoffs, requests, intake forms, outbound calls and campaigns change, signed to the Standard Webhooks specification.',
    Component: React.lazy(() => import('@web/features/developer/components/webhooks-tab').then((m) => ({ default: m.WebhooksTab }))),
  },
  {
    id: 'telephony',
    label: 'Telephony',
    capability: 'developer.access',
    description: 'What to give your telephony provider: the webhook addresses of this server, the keys that check their signatures, and the numbers they serve.',
    Component: React.lazy(() => import('@web/features/developer/components/telephony-tab').then((m) => ({ default: m.TelephonyTab }))),
  },
  {
    id: 'system',
    label: 'System',
    capability: 'developer.access',
    description: 'The job queue and the worker processes: what waits, runs and failed. The same figures are on /metrics.',
    Component: React.lazy(() => import('@web/features/developer/components/system-tab').then((m) => ({ default: m.SystemTab }))),
  },
  {
    id: 'api',
    label: 'API reference',
    capability: 'developer.access',
    description: 'The public REST API (/api/v1) and its webhook events, generated from the schemas the server validates with. Try any route with an API key.',
    Component: React.lazy(() => import('@web/features/developer/components/api-reference-tab').then((m) => ({ default: m.ApiReferenceTab }))),
  },
  {
    id: 'agent-tests',
    label: 'Agent tests',
    capability: 'agent-tests.use',
    description: 'Suites of simulated callers played through the real agent, on the saved settings or a draft, with what each call must leave behind. Test calls stay out of calls, analytics and the queue.',
    Component: React.lazy(() => import('@web/routes/agent-tests-tab').then((m) => ({ default: m.AgentTestsTab }))),
  },
  {
    id: 'playground',
    label: 'Playground',
    capability: 'playground.use',
    description: 'Talk to the agent as a caller, by typing, and see what its brain saw and decided on each turn. Every conversation is a real call.',
    Component: React.lazy(() => import('@web/features/playground/components/playground-tab').then((m) => ({ default: m.PlaygroundTab }))),
  },
];
