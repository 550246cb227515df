import { checkAdText } from '@addesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWith, createTestApp, signInDemo } from '../../helpers/test-app.js';

// Issue 35, the checks before a post goes out: «Реклама», the erid exactly, the advertiser, ?erid= on every link.

const ERID = '2VtzqwxYz7a';
const advertiser = { advertiserName: 'ООО «Ромашка»', advertiserInn: '7707083893' };
const okOf = (text: string, erid: string | undefined = ERID) =>
  Object.fromEntries(checkAdText({ text, erid, ...advertiser }).map((check) => [check.code, check.ok]));

describe('checkAdText', () => {
  it('passes a post with every part', () => {
    const text = `Лучшие цветы города!\nhttps://romashka.ru/?erid=${ERID}\n\nРеклама. ООО "Ромашка", ИНН 7707083893. erid: ${ERID}`;
    expect(okOf(text)).toEqual({ label: true, erid: true, advertiser: true, links: true });
  });

  it('names what each post lacks', () => {
    expect(okOf(`Цветы. ООО Ромашка. erid: ${ERID}`).label).toBe(false);
    expect(okOf('#реклама ООО Ромашка').label).toBe(true);
    // «Рекламация» is not «Реклама».
    expect(okOf('Рекламация ООО Ромашка').label).toBe(false);
    expect(okOf(`Реклама. ООО Ромашка. erid: ${ERID.toLowerCase()}`).erid).toBe(false);
    expect(okOf('Реклама. ООО Ромашка', undefined).erid).toBe(false);
    expect(okOf(`Реклама. erid: ${ERID}`).advertiser).toBe(false);
    expect(okOf(`Реклама, ИНН 7707083893, erid: ${ERID}`).advertiser).toBe(true);
    expect(
      okOf(`Реклама ООО Ромашка erid: ${ERID} https://romashka.ru/buy and t.me/romashka?erid=${ERID}`).links,
    ).toBe(false);
    expect(okOf(`Реклама ООО Ромашка erid: ${ERID} (https://romashka.ru/buy?erid=${ERID}).`).links).toBe(
      true,
    );
  });

  it('says it in Russian', () => {
    const checks = checkAdText({ text: 'Цветы: https://romashka.ru', erid: ERID, ...advertiser });
    expect(checks.map((check) => check.message)).toEqual([
      'Нет пометки «Реклама»',
      `Нет erid ${ERID} в тексте (буквы различаются по регистру)`,
      'Нет названия или ИНН рекламодателя',
      `Ссылки без ?erid=${ERID}: 1`,
    ]);
  });
});

describe('POST /api/marking/check', () => {
  let app: FastifyInstance;
  let member: { cookie: string };
  beforeAll(async () => {
    app = await createTestApp();
    member = await signInDemo(app, 'marking-check');
  });
  afterAll(() => app.close());

  it('answers the checks of a text, and 400 in Russian without one', async () => {
    const answer = await callWith(app, member, 'POST', '/api/marking/check', {
      text: `Реклама. ООО «Ромашка», ИНН 7707083893. erid: ${ERID}`,
      erid: ERID,
      advertiserName: 'ООО «Ромашка»',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().checks.map((check: { ok: boolean }) => check.ok)).toEqual([true, true, true, true]);
    const empty = await callWith(app, member, 'POST', '/api/marking/check', { text: ' ' });
    expect([empty.statusCode, empty.json().fieldErrors.text]).toEqual([400, ['Вставьте текст поста']]);
    expect(
      (await app.inject({ method: 'POST', url: '/api/marking/check', payload: { text: 'x' } })).statusCode,
    ).toBe(401);
  });
});
