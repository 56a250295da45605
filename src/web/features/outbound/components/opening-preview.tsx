import type { OutboundPreviewBody } from '@contracts/outbound';
import { Alert } from '@web/components/ui/alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useOutboundPreview } from '../api/preview';

/**
 * What the person called will hear, built on the server by the dialogue the calls run (issue 27
 * §1): the greeting and identity check, then — only once they confirmed the date of birth — the
 * purpose with the practice's message. The instructions never appear here: they are not spoken.
 */
export function OpeningPreview({ body }: { body: OutboundPreviewBody | null }) {
  // Debounced as text: a new object each render would restart the timer for ever.
  const settled = useDebouncedValue(JSON.stringify(body), 400);
  const preview = useOutboundPreview(JSON.parse(settled) as OutboundPreviewBody | null);
  return (
    <section aria-labelledby="opening-preview-heading" aria-live="polite" className="space-y-2 rounded-lg border border-border bg-muted/40 p-3 text-sm">
      <h3 id="opening-preview-heading" className="font-medium">
        What the agent will say
      </h3>
      {preview.isError ? (
        <Alert variant="destructive" title="The preview could not be made">
          <p>{errorMessage(preview.error)}</p>
        </Alert>
      ) : !preview.data ? (
        <div role="status" aria-label="Loading the preview" className="space-y-1">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : (
        <>
          <ol className="list-decimal space-y-1 pl-5">
            {preview.data.opening.map((line, i) => (
              <li key={i}>
                {i === 2 ? <span className="text-muted-foreground">Once the date of birth matches: </span> : null}“{line}”
              </li>
            ))}
          </ol>
          <p>
            <span className="text-muted-foreground">On an answering machine: </span>“{preview.data.voicemail}”
          </p>
          <p className="text-muted-foreground">The instructions for the agent are never read out.</p>
        </>
      )}
    </section>
  );
}
