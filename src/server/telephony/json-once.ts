const memo = new WeakMap<object, string>();

/**
 * JSON of an object that is written twice after a turn (to the database and to the snapshot
 * cache) without changing in between: serialised once. Only for objects no longer mutated.
 */
export function jsonOnce(value: object): string {
  let json = memo.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    memo.set(value, json);
  }
  return json;
}
