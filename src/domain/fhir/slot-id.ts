/**
 * FHIR Slot ids (decision 051). A slot is not a row: it is a clinician's open (or taken) time for
 * one visit type, computed from the calendar. Its id therefore carries what it stands for — the
 * clinician (the Schedule), the visit type and the start, to the minute — so `$hold`, `$book` and
 * `POST Appointment` can take it back without any stored state, and the same time keeps the same
 * id whether it is free or has just been booked.
 *
 * Layout: 16 bytes clinician UUID, 16 bytes visit type UUID, 4 bytes start in whole minutes since
 * 1970 (unsigned, big-endian; good until the year 10136) = 36 bytes, written as base64url with `_`
 * turned into `.`: 48 characters of FHIR's id alphabet `[A-Za-z0-9\-\.]{1,64}`.
 */

export interface SlotKey {
  clinicianId: string;
  visitTypeId: string;
  /** The start, an instant in epoch milliseconds on a whole minute. */
  startMs: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLOT_ID = /^[A-Za-z0-9.-]{48}$/;
const MINUTE_MS = 60_000;
const BYTES = 36;

function uuidBytes(uuid: string): number[] {
  const hex = uuid.replace(/-/g, '');
  return Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

function uuidOf(bytes: Uint8Array, offset: number): string {
  const hex = Array.from(bytes.subarray(offset, offset + 16), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

/** base64url with `.` for `_`, no padding (the length is a multiple of 3). */
function encode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  return out;
}

function decode(text: string): Uint8Array | null {
  const bytes = new Uint8Array((text.length / 4) * 3);
  for (let i = 0, j = 0; i < text.length; i += 4, j += 3) {
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const v = INDEX.get(text[i + k]!);
      if (v === undefined) return null;
      n = (n << 6) | v;
    }
    bytes[j] = (n >> 16) & 255;
    bytes[j + 1] = (n >> 8) & 255;
    bytes[j + 2] = n & 255;
  }
  return bytes;
}

export function encodeSlotId(key: SlotKey): string {
  if (!UUID.test(key.clinicianId) || !UUID.test(key.visitTypeId)) throw new Error('A slot id needs the UUIDs of a clinician and a visit type.');
  if (key.startMs % MINUTE_MS !== 0 || key.startMs < 0) throw new Error('A slot starts on a whole minute after 1970.');
  const minutes = key.startMs / MINUTE_MS;
  const bytes = new Uint8Array(BYTES);
  bytes.set(uuidBytes(key.clinicianId), 0);
  bytes.set(uuidBytes(key.visitTypeId), 16);
  new DataView(bytes.buffer).setUint32(32, minutes, false);
  return encode(bytes);
}

/** The clinician, visit type and start a slot id names; null when it is not one of ours. */
export function decodeSlotId(id: string): SlotKey | null {
  if (!SLOT_ID.test(id)) return null;
  const bytes = decode(id);
  if (!bytes || bytes.length !== BYTES) return null;
  const minutes = new DataView(bytes.buffer).getUint32(32, false);
  return { clinicianId: uuidOf(bytes, 0), visitTypeId: uuidOf(bytes, 16), startMs: minutes * MINUTE_MS };
}
