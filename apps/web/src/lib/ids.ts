/** A record id from a URL segment: a positive safe integer written in plain digits, else undefined. */
export function parseId(value: string): number | undefined {
  if (!/^[1-9]\d{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}
