import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A row a raw statement returned (`returning *`, snake_case names, as the driver parsed it) in
 * the shape Drizzle gives the same table's rows, through each column's own mapping: for the few
 * hot statements written as SQL (named, prepared) that must answer with a typed row.
 */
export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}
