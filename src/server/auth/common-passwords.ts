/**
 * The 49k most common passwords from zxcvbn-ts's ranked list (well above the 10,000 asked
 * for), loaded on the first check and looked up case-insensitively.
 */
let set: Set<string> | undefined;

async function load(): Promise<Set<string>> {
  if (set) return set;
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  const raw = dictionary['passwords-common'] as unknown;
  const list = (typeof raw === 'function' ? await (raw as () => Promise<string[]>)() : raw) as string[];
  set = new Set(list.map((p) => p.toLowerCase()));
  return set;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await load()).has(password.toLowerCase());
}

export async function commonPasswordCount(): Promise<number> {
  return (await load()).size;
}
