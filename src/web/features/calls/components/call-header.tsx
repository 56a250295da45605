import { localeOfCountry } from '@domain/format/clock';
import { formatDateOfBirth } from '@domain/format/date-of-birth';
import type * as React from 'react';
import { usePractice } from '@web/lib/use-practice';
import { formatDateTime } from '@web/lib/format-date';
import { durationLabel, formatDuration, formatPhone } from '../format';
import { DIRECTION_LABELS, PARTY_LABELS } from '@web/lib/call-labels';
import type { CallDetail } from '@contracts/calls';
import { CallStatusBadge, HungUpBeforeSpeaking, LiveBadge, OutcomeBadge } from './call-badges';

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * A call page's heading, "Call from 07700 900899": the heading may wrap between its words, never
 * inside the number (a number split over two lines reads as two).
 */
export function CallTitle({ direction, number }: { direction: CallDetail['call']['direction']; number: string }) {
  return (
    <>
      {direction === 'inbound' ? 'Call from' : 'Call to'} <span className="whitespace-nowrap">{number}</span>
    </>
  );
}

/** The call page's title as text (the document's title). */
export const callTitleText = (direction: CallDetail['call']['direction'], number: string) => `${direction === 'inbound' ? 'Call from' : 'Call to'} ${number}`;

/** Who, when, how long, how it went: the facts of a call at a glance. */
export function CallFacts({ detail }: { detail: CallDetail }) {
  const c = detail.call;
  // The practice's clock, zone and number format (issue 28); its zone named when it is not the viewer's.
  const practice = usePractice(c.organizationId);
  const country = practice?.country;
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3 lg:grid-cols-4">
      <Item label={PARTY_LABELS[c.direction]}>
        <span className="whitespace-nowrap font-medium tabular-nums">{formatPhone(c.contactNumber, country)}</span>
        {detail.patient ? (
          <span className="block text-muted-foreground">
            {detail.patient.firstName} {detail.patient.lastName} · born {formatDateOfBirth(detail.patient.dateOfBirth, localeOfCountry(country), { long: true })}
          </span>
        ) : null}
      </Item>
      <Item label="Organization">
        {detail.organization.name}
        <span className="block text-xs text-muted-foreground">{c.direction === 'inbound' ? `called ${formatPhone(c.toNumber, country)}` : `from ${formatPhone(c.fromNumber, country)}`}</span>
      </Item>
      <Item label="Direction">{DIRECTION_LABELS[c.direction]}</Item>
      <Item label="Status">
        <span className="inline-flex flex-wrap gap-1.5">
          {c.live ? <LiveBadge /> : null}
          <CallStatusBadge status={c.status} />
        </span>
      </Item>
      <Item label="Started">
        <time dateTime={c.startedAt}>{formatDateTime(c.startedAt, { seconds: true, practice })}</time>
      </Item>
      <Item label="Ended">{c.endedAt ? <time dateTime={c.endedAt}>{formatDateTime(c.endedAt, { seconds: true, practice })}</time> : c.live ? 'Still going on' : '—'}</Item>
      <Item label="Duration">
        <span aria-hidden="true" className="tabular-nums">
          {formatDuration(c.durationSeconds)}
        </span>
        <span className="sr-only">{c.durationSeconds === null ? 'not known yet' : durationLabel(c.durationSeconds)}</span>
      </Item>
      <Item label="Outcome">
        {c.hungUpBeforeSpeaking && !c.outcome ? null : <OutcomeBadge outcome={c.outcome} />}
        {c.hungUpBeforeSpeaking ? <span className="block">{<HungUpBeforeSpeaking />}</span> : null}
      </Item>
      <Item label="Agent">{c.brain === 'llm' ? 'LLM brain' : 'Built-in brain'} · {c.provider === 'simulator' ? 'Simulator' : 'Phone line'}</Item>
      {c.outboundJobId ? (
        <Item label="Outbound job">
          <span className="font-mono text-xs">{c.outboundJobId}</span>
          <span className="block text-xs text-muted-foreground">Placed by the outbound queue</span>
        </Item>
      ) : null}
    </dl>
  );
}
