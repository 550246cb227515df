import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../../src/db/schema/index.js';
import { callWith, createTestApp } from '../../helpers/test-app.js';
import { signInWith } from '../../helpers/users.js';

// Issue 35: the month's `withMissing` is counted in SQL from the same table of needs the card checks in TypeScript
// (deal-marking.facts.ts `markingNeeds`). Each need left out on its own, of each kind and way of registering, with the
// team's own details absent and then given: the count in SQL and the cards' own lists never disagree.

type Who = { cookie: string };
type Body = Record<string, Record<string, unknown> | string>;

const MONTH = '2027-06';
const FULL: Record<'advertiser' | 'seller' | 'contract' | 'creative', Record<string, unknown>> = {
  advertiser: { type: 'juridical', name: 'ООО «Ромашка»', inn: '7707083893' },
  seller: { type: 'juridical', name: 'ООО «Продавец»', inn: '7736207543' },
  contract: { number: 'Д-1', date: '2027-06-01', type: 'service', subject: 'distribution', amount: 0 },
  creative: { form: 'text_block', text: 'Цветы', kktu: '30.10.1' },
};

/** A full 'us' body without one field (none: complete). */
function withoutField(part?: keyof typeof FULL, field?: string): Body {
  const body: Body = { registeredBy: 'us' };
  for (const [name, value] of Object.entries(FULL)) {
    body[name] =
      name === part ? Object.fromEntries(Object.entries(value).filter(([k]) => k !== field)) : value;
  }
  return body;
}

describe("the month's count of deals lacking something agrees with every card", () => {
  let app: FastifyInstance;
  let owner: Who;
  let channelId: number;
  const made: { kind: 'sale' | 'purchase'; id: number }[] = [];

  const call = (method: string, url: string, body?: object) => callWith(app, owner, method, url, body);
  const deal = async (kind: 'sale' | 'purchase', marking: Body | null, day: number) => {
    const time = `2027-06-${String(day).padStart(2, '0')}T12:00:00+03:00`;
    const response = await call('POST', `/api/${kind}`, {
      accommodationCondition: { accommodationTime: time },
      advertisementFormatId: 1,
      channelId,
      price: 100,
      ...(kind === 'sale'
        ? {
            advertisementTypeId: 2,
            statusId: 1,
            saleDate: time.slice(0, 10),
            contactPerson: { name: 'Олег' },
          }
        : { purchaseDate: time.slice(0, 10), externalChannel: { name: 'Канал продавца' } }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as number;
    if (marking) {
      const saved = await call('PUT', `/api/${kind}/${id}/marking`, marking);
      expect(saved.statusCode, saved.body).toBe(200);
    }
    made.push({ kind, id });
  };

  /** The month's total and each of its rows, against the cards. */
  async function agrees() {
    const month = (await call('GET', `/api/marking/months/${MONTH}?limit=200`)).json();
    let lacking = 0;
    for (const row of month.deals as { kind: string; id: number; missing: string[]; state: string }[]) {
      const card = (await call('GET', `/api/${row.kind}/${row.id}/marking`)).json();
      expect([row.missing, row.state], `${row.kind} ${row.id}`).toEqual([card.missing, card.state]);
      if (card.missing.length > 0) lacking += 1;
    }
    expect(month.deals.length).toBe(made.length);
    expect(month.totals.withMissing).toBe(lacking);
    return { lacking, month };
  }

  beforeAll(async () => {
    app = await createTestApp();
    const me = await signInWith(app, 'month-needs');
    owner = me;
    const [channel] = await app.db
      .insert(channels)
      .values({
        teamId: me.member.teamId,
        name: 'Канал',
        telegramNickName: 'needs_ch',
        ownerEmployeeId: me.member.employeeId,
      })
      .returning({ id: channels.id });
    channelId = channel?.id ?? 0;
    let day = 0;
    const next = () => (day++ % 28) + 1;
    for (const kind of ['sale', 'purchase'] as const) {
      await deal(kind, withoutField(), next());
      for (const [part, value] of Object.entries(FULL) as [keyof typeof FULL, Record<string, unknown>][])
        for (const field of Object.keys(value)) await deal(kind, withoutField(part, field), next());
      await deal(kind, null, next());
      await deal(kind, { registeredBy: 'not_required' }, next());
      await deal(kind, { registeredBy: 'not_required', reason: 'Бартер' }, next());
      await deal(kind, { registeredBy: 'counterpart', advertiser: FULL.advertiser }, next());
      await deal(
        kind,
        { registeredBy: 'counterpart', erid: 'AbC123', advertiser: { name: 'ООО «Ромашка»' } },
        next(),
      );
      await deal(kind, { registeredBy: 'counterpart', erid: 'AbC123', advertiser: FULL.advertiser }, next());
    }
  });
  afterAll(() => app.close());

  it('agrees without the team’s own details (every deal we register lacks them)', async () => {
    const { lacking } = await agrees();
    // Complete: only a purchase or sale registered by the counterpart with everything, and a reasoned 'not required'.
    expect(lacking).toBe(made.length - 4);
  });

  it('agrees once they are given, each need left out counted by its kind', async () => {
    expect(
      (await call('PUT', '/api/team/legal', { type: 'ip', name: 'ИП Канальев', inn: '500100732259' }))
        .statusCode,
    ).toBe(200);
    const { lacking, month } = await agrees();
    // A sale's seller is not asked for: the complete sale and its three deals without a seller's field lack nothing.
    expect(lacking).toBe(made.length - 4 - 2 - 3);
    const labels = new Set((month.deals as { missing: string[] }[]).flatMap((d) => d.missing));
    expect(labels.has('Договор: сумма')).toBe(true);
    expect(labels.has('Продавец: юрлицо, ИП или физлицо')).toBe(true);
  });
});
