// @ts-check
// Plain JavaScript, as the embedded database's thread imports it (embedded-worker.js says why).

/**
 * The chunks as one new buffer of its own, which a message can hand over to another thread: `Buffer.concat` may
 * answer a view of Node's shared pool, and handing that over would take the pool away from this thread.
 * @param {Uint8Array[]} chunks
 */
export function concat(chunks) {
  const whole = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.length;
  }
  return whole;
}
