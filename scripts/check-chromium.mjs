#!/usr/bin/env node
// The browser journeys run on Debian's Chromium: say in one line how to get it when it is missing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The one-line explanation when Chromium is missing, else null. */
export function chromiumMissingMessage() {
  if (fs.existsSync(CHROMIUM_PATH)) return null;
  return `Chromium not found at ${CHROMIUM_PATH} — install it with: apt-get update && apt-get install -y chromium`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const message = chromiumMissingMessage();
  if (message) {
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
}
