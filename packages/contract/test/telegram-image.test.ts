import { describe, expect, it } from 'vitest';
import { isTelegramImageLink, TELEGRAM_IMAGE_REFUSED, telegramImageLinks, z } from '../src/index.js';

describe('which pictures a contact or a channel may carry', () => {
  const telegrams = [
    'https://cdn4.cdn-telegram.org/file/abc.jpg',
    'https://cdn1.telesco.pe/file/abc.jpg',
    'https://t.me/i/userpic/320/oleg.jpg',
    'https://telegram.org/img/t_logo.png',
    'https://CDN4.Telesco.PE/file/abc.jpg',
  ];
  const others = [
    'http://cdn4.telesco.pe/file/abc.jpg',
    'https://tracker.example/pixel.gif',
    'https://telesco.pe.tracker.example/a.jpg',
    'https://nott.me/a.jpg',
    'https://cdn4.telesco.pe:444/file/abc.jpg',
    'https://me:secret@cdn4.telesco.pe/file/abc.jpg',
    'data:image/png;base64,AAAA',
    'javascript:alert(1)',
    '/avatar/x.svg',
    'http://127.0.0.1:8080/avatar/x.svg',
    'не ссылка',
  ];
  it.each([...telegrams.map((link) => [link, true]), ...others.map((link) => [link, false])])(
    '%s is Telegram’s: %s',
    (link, telegram) => {
      expect(isTelegramImageLink(String(link))).toBe(telegram);
    },
  );

  it('takes the origins it is given as they are, and no other of their host', () => {
    expect(isTelegramImageLink('http://127.0.0.1:8080/avatar/x.svg', ['http://127.0.0.1:8080'])).toBe(true);
    expect(isTelegramImageLink('http://127.0.0.1:8081/avatar/x.svg', ['http://127.0.0.1:8080'])).toBe(false);
  });

  it('answers a body’s foreign pictures with a Russian error on each field', () => {
    const body = z
      .object({
        contactPerson: z.object({ iconLink: z.string() }),
        externalChannel: z.null(),
        price: z.number(),
      })
      .superRefine(telegramImageLinks());
    const parsed = body.safeParse({
      contactPerson: { iconLink: 'https://tracker.example/pixel.gif' },
      externalChannel: null,
      price: 1,
    });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['contactPerson', 'iconLink'], message: TELEGRAM_IMAGE_REFUSED }),
    ]);
    expect(TELEGRAM_IMAGE_REFUSED).toMatch(/^[А-Я][а-яё ]+https[а-яё ]+Telegram$/);
    expect(
      body.safeParse({
        contactPerson: { iconLink: 'https://cdn4.telesco.pe/f.jpg' },
        externalChannel: null,
        price: 1,
      }).success,
    ).toBe(true);
  });
});
