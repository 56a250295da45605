import * as React from 'react';
import { readCsvFile } from './read-csv-file';

export interface CsvFile {
  name: string;
  text: string;
}

/**
 * A file input's CSV, read and decoded in the browser. Reading a big file takes a moment, so the
 * form asks `take()` when it is sent: it waits for a read still under way instead of saying no
 * file was chosen, and a file chosen after another wins over the earlier read that ends later.
 */
export function useCsvFile() {
  const [file, setFile] = React.useState<CsvFile | null>(null);
  const [error, setError] = React.useState<string | undefined>();
  const reading = React.useRef<Promise<CsvFile | null> | null>(null);

  const choose = React.useCallback((chosen: File | undefined) => {
    setFile(null);
    setError(undefined);
    if (!chosen) {
      reading.current = null;
      return;
    }
    const read: Promise<CsvFile | null> = readCsvFile(chosen).then((result) => {
      if (reading.current !== read) return null;
      if (!result.ok) {
        setError(result.message);
        return null;
      }
      const done = { name: chosen.name, text: result.text };
      setFile(done);
      return done;
    });
    reading.current = read;
  }, []);

  /** The file once read; null (with the error set) when there is none or it cannot be used. */
  const take = React.useCallback(async (): Promise<CsvFile | null> => {
    const done = await reading.current;
    if (!done) setError((current) => current ?? 'Choose a CSV file.');
    return done ?? null;
  }, []);

  return { file, error, setError, choose, take };
}
