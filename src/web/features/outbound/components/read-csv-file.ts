import { decodeCsvBytes } from '@domain/outbound/csv-text';

/** The chosen file as CSV text, or the reason it cannot be used (same rules as the server's). */
export async function readCsvFile(file: File): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.xlsx') || name.endsWith('.xls') || name.endsWith('.numbers') || name.endsWith('.ods')) {
    return { ok: false, message: 'This is a spreadsheet file, not CSV. In your spreadsheet, use "Save as" → "CSV UTF-8" and upload that file.' };
  }
  const decoded = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
  return decoded.ok ? { ok: true, text: decoded.text } : { ok: false, message: decoded.error.message };
}
