import { z } from '@addesk/contract';
import { describe, expect, it } from 'vitest';
import { serializerCompiler } from '../../src/plugins/serializer.js';

// The answers' writer (plugins/serializer.ts): an answer with items is written an item at a time and encoded in
// chunks; what leaves must be what the contract's schema says, whatever the size.

const line = z.object({ channelName: z.string(), amount: z.number() });
const person = z.object({ name: z.string(), lines: z.array(line) });
const writerOf = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' }) as unknown as (
    data: unknown,
  ) => Buffer;

/** People with Cyrillic names and lines, `count` of them, and a key the schema does not know on each. */
const people = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    name: `Сотрудник «${i}» \u2028 с "кавычками"`,
    secret: 'не для ответа',
    lines: Array.from({ length: 4 }, (__, j) => ({ channelName: `Канал ${j}`, amount: i * 1.5 + j })),
  }));
const shown = (items: ReturnType<typeof people>) => items.map(({ secret: _, ...item }) => item);

describe('the answers writer', () => {
  it('writes a page over V8’s large strings as its schema says, the other keys after the items', () => {
    const write = writerOf(z.object({ total: z.object({ paid: z.number() }), items: z.array(person) }));
    const items = people(1_000);
    const bytes = write({ items, total: { paid: 12.5, hidden: 1 }, extra: true });
    expect(bytes).toBeInstanceOf(Buffer);
    // Over 64 000 characters of two bytes: the size that made V8 flatten the answer into a large object.
    expect(bytes.toString('utf8').length).toBeGreaterThan(100_000);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({ items: shown(items), total: { paid: 12.5 } });
  });

  it('writes a page of no items, a schema of items alone, and an answer whose optional items are absent', () => {
    expect(JSON.parse(writerOf(z.object({ items: z.array(person) }))({ items: [] }).toString())).toEqual({
      items: [],
    });
    const optional = writerOf(
      z.object({ items: z.array(person).optional(), nextCursor: z.string().nullable() }),
    );
    expect(JSON.parse(optional({ nextCursor: null }).toString())).toEqual({ nextCursor: null });
    expect(JSON.parse(optional({ items: people(2), nextCursor: 'x' }).toString())).toEqual({
      items: shown(people(2)),
      nextCursor: 'x',
    });
  });

  it('writes an answer without items whole', () => {
    const write = writerOf(z.object({ name: z.string(), count: z.number() }));
    expect(write({ name: 'Канал', count: 3, secret: 'нет' }).toString()).toBe('{"name":"Канал","count":3}');
  });
});
