import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FeatureOptions } from './features.js';
import type { Model } from './logistic.js';

/**
 * Trained models kept on disk under node_modules/.cache, named by a hash of everything they are
 * built from (the corpus files and the training code): training takes seconds, reading the file
 * milliseconds, and every test process and server start after the first reads it. Nothing to
 * keep in step by hand: change a corpus line or the training code and the name changes, so the
 * models are trained again (decision 037).
 */
export function cacheKey(data: unknown, codeFiles: string[]): string {
  const h = createHash('sha256').update(JSON.stringify(data));
  // Contents only, not where the checkout is: a moved install keeps its models.
  for (const file of codeFiles) h.update('\0').update(readFileSync(file));
  return h.digest('hex').slice(0, 24);
}

interface Header {
  labels: string[];
  features: FeatureOptions;
  vocabulary: string[];
  weights: number;
}

/** The models in `file`, or null when there is none or it cannot be read (then they are trained again). */
export function readModels<T extends Record<string, Model<string>>>(file: string): T | null {
  try {
    return parse(readFileSync(file)) as T;
  } catch {
    return null;
  }
}

function parse(raw: Buffer): Record<string, Model<string>> {
  const out: Record<string, Model<string>> = {};
  let at = 0;
  const count = raw.readUInt32LE(at);
  at += 4;
  for (let i = 0; i < count; i++) {
    const nameLength = raw.readUInt32LE(at);
    const name = raw.subarray(at + 4, at + 4 + nameLength).toString('utf8');
    at += 4 + nameLength;
    const headerLength = raw.readUInt32LE(at);
    const header = JSON.parse(raw.subarray(at + 4, at + 4 + headerLength).toString('utf8')) as Header;
    at += 4 + headerLength;
    const weights = new Float32Array(header.weights);
    // Copied out of the file's buffer: a Float32Array view needs 4-byte alignment.
    Buffer.from(weights.buffer).set(raw.subarray(at, at + header.weights * 4));
    at += header.weights * 4;
    out[name] = { labels: header.labels, features: header.features, vocabulary: new Map(header.vocabulary.map((f, j) => [f, j])), weights };
  }
  if (at !== raw.length) throw new Error('trailing bytes: not a whole models file');
  return out;
}

export function writeModels(file: string, models: Record<string, Model<string>>): void {
  const parts: Buffer[] = [u32(Object.keys(models).length)];
  for (const [name, m] of Object.entries(models)) {
    const header: Header = { labels: [...m.labels], features: m.features, vocabulary: [...m.vocabulary.keys()], weights: m.weights.length };
    const nameBytes = Buffer.from(name, 'utf8');
    const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
    parts.push(u32(nameBytes.length), nameBytes, u32(headerBytes.length), headerBytes, Buffer.from(m.weights.buffer, m.weights.byteOffset, m.weights.byteLength));
  }
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true });
  // Written aside and renamed: a process reading at the same moment sees the old file or the whole new one.
  const temp = path.join(dir, `${randomUUID()}.tmp`);
  try {
    writeFileSync(temp, Buffer.concat(parts));
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
  // Models of an older corpus or training code are never read again.
  for (const other of readdirSync(dir)) if (other !== path.basename(file) && other.endsWith('.bin')) rmSync(path.join(dir, other), { force: true });
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}
