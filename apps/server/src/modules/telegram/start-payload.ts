/**
 * What a deep link to the bot carries: '/start PAYLOAD' (t.me/bot?start=PAYLOAD sends it) or '/start@bot PAYLOAD';
 * '' for a bare /start, null for any other message.
 */
export function startPayload(text: string | undefined): string | null {
  const match = text?.match(/^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/);
  return match ? (match[1] ?? '') : null;
}
