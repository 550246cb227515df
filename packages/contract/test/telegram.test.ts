import { describe, expect, it } from 'vitest';
import {
  dealSearchText,
  INVALID_TELEGRAM_LINK,
  PRIVATE_TELEGRAM_LINK,
  parseTelegramLink,
  telegramUsername,
} from '../src/index.js';

describe('what users paste as a Telegram link', () => {
  it.each([
    ['@biz_money', 'biz_money'],
    ['biz_money', 'biz_money'],
    ['t.me/biz_money', 'biz_money'],
    ['https://t.me/biz_money', 'biz_money'],
    ['http://t.me/biz_money/', 'biz_money'],
    ['https://t.me/s/biz_money', 'biz_money'],
    ['https://t.me/biz_money/1234', 'biz_money'],
    ['https://t.me/biz_money?start=x', 'biz_money'],
    ['  https://www.telegram.me/Biz_Money  ', 'Biz_Money'],
    ['telegram.dog/biz_money', 'biz_money'],
  ])('%s is @%s', (input, username) => {
    expect(parseTelegramLink(input)).toEqual({ ok: true, username });
  });

  it.each(['https://t.me/+AbCdEf123', 't.me/joinchat/AbCdEf', '+AbCdEf123'])(
    '%s is a private invite',
    (input) => {
      expect(parseTelegramLink(input)).toEqual({ ok: false, message: PRIVATE_TELEGRAM_LINK });
    },
  );

  it.each([
    '',
    'abc',
    '1channel',
    'has space',
    'https://example.com/biz_money',
    'bad-dash',
    'x'.repeat(33),
    't.me/',
  ])('%j is not a username', (input) => {
    expect(parseTelegramLink(input)).toEqual({ ok: false, message: INVALID_TELEGRAM_LINK });
  });

  it('is a zod field that yields the username', () => {
    expect(telegramUsername.parse('https://t.me/s/biz_money')).toBe('biz_money');
    expect(telegramUsername.safeParse('t.me/+x').error?.issues[0]?.message).toBe(PRIVATE_TELEGRAM_LINK);
  });
});

describe("the deal lists' search text (issue 33)", () => {
  it.each([
    ['alina_mkt', 'alina_mkt'],
    ['@alina_mkt', 'alina_mkt'],
    ['t.me/alina_mkt', 'alina_mkt'],
    ['https://t.me/alina_mkt', 'alina_mkt'],
    ['  https://t.me/s/alina_mkt/12?single ', 'alina_mkt'],
    // A part of a name, as it is typed.
    ['@ali', 'ali'],
    ['t.me/ali', 'ali'],
    // Any other text is itself, trimmed.
    ['  Жёлтая суб ', 'Жёлтая суб'],
    ['50%_off', '50%_off'],
    ['https://example.com/alina_mkt', 'https://example.com/alina_mkt'],
    ['t.me/', 't.me/'],
    ['https://t.me/+AbCdEf123', 'https://t.me/+AbCdEf123'],
  ])('%j looks for %j', (input, text) => {
    expect(dealSearchText(input)).toBe(text);
  });
});
