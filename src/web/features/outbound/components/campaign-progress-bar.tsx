import type { CampaignProgress } from '@contracts/outbound';

const SEGMENTS: { key: keyof CampaignProgress; label: string; className: string }[] = [
  { key: 'answered', label: 'Answered', className: 'bg-green-600' },
  { key: 'voicemail', label: 'Voicemail', className: 'bg-teal-500' },
  { key: 'noAnswer', label: 'No answer', className: 'bg-amber-500' },
  { key: 'busy', label: 'Busy', className: 'bg-orange-500' },
  { key: 'failed', label: 'Failed', className: 'bg-red-600' },
  { key: 'doNotCall', label: 'Do not call', className: 'bg-rose-800' },
  { key: 'canceled', label: 'Canceled', className: 'bg-slate-400' },
  { key: 'dialing', label: 'Dialling', className: 'bg-blue-400' },
  { key: 'inProgress', label: 'On the call', className: 'bg-blue-600' },
];

/** Where the campaign's contacts are: one bar, coloured by state, and its figures in words. */
export function CampaignProgressBar({ progress, showLegend = false }: { progress: CampaignProgress; showLegend?: boolean }) {
  const total = Math.max(progress.total, 1);
  const percent = Math.round((progress.done / total) * 100);
  return (
    <div className="space-y-2">
      <div
        role="progressbar"
        aria-label="Contacts done"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={`${progress.done} of ${progress.total} contacts done (${percent}%)`}
        className="flex h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        {SEGMENTS.map((s) => (progress[s.key] > 0 ? <div key={s.key} className={s.className} style={{ width: `${(progress[s.key] / total) * 100}%` }} /> : null))}
      </div>
      <p className="text-sm text-muted-foreground">
        {progress.done} of {progress.total} done · {progress.queued} queued
      </p>
      {showLegend ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5">
          {[{ key: 'queued' as const, label: 'Queued', className: 'bg-muted-foreground/30' }, ...SEGMENTS, { key: 'done' as const, label: 'Done', className: 'bg-foreground' }].map((s) => (
            <div key={s.key} className="flex items-center gap-2">
              <span aria-hidden="true" className={`size-2.5 rounded-full ${s.className}`} />
              <dt>{s.label}</dt>
              <dd className="ml-auto font-medium tabular-nums" data-testid={`progress-${s.key}`}>
                {progress[s.key]}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
