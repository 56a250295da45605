import * as React from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** A chart with its title, definition and its table (shown instead of the chart when asked, always available to screen readers). */
export function ChartCard({ title, description, tables, chart, table, id }: { id: string; title: string; description: string; tables: boolean; chart: React.ReactNode; table: React.ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <Card aria-labelledby={headingId} role="region" data-testid={`chart-${id}`}>
      <CardHeader className="pb-2">
        <CardTitle id={headingId} className="text-base">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {tables ? (
          table
        ) : (
          <>
            <div aria-hidden="true">{chart}</div>
            <div className="sr-only">{table}</div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: React.ReactNode[][] }) {
  return (
    <div className="relative max-h-96 overflow-auto rounded-md border" tabIndex={0} role="group" aria-label={caption}>
      <table className="w-full min-w-max text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted text-left">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-2 py-1.5 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t">
              {r.map((c, j) =>
                j === 0 ? (
                  <th key={j} scope="row" className="px-2 py-1 text-left font-normal">
                    {c}
                  </th>
                ) : (
                  <td key={j} className="px-2 py-1 tabular-nums">
                    {c}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
