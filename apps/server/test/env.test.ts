import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.js';

describe('settings', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      database: { dataDir: `${process.cwd()}/data` },
      demoLogin: false,
      oauth: { google: undefined, yandex: undefined },
      telegram: { apiRoot: 'https://api.telegram.org', previewRoot: 'https://t.me', botToken: undefined },
    });
  });

  it('switches to PostgreSQL with DATABASE_URL and enables a provider only with both credentials', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@localhost/addesk',
      GOOGLE_CLIENT_ID: 'id',
      YANDEX_CLIENT_ID: 'id-only',
      PUBLIC_URL: 'https://addesk.example/',
      DEMO_LOGIN: '1',
    });
    expect(config.database).toEqual({ url: 'postgres://u@localhost/addesk' });
    expect(config.oauth.google).toBeUndefined();
    expect(config.oauth.yandex).toBeUndefined();
    expect(config.publicUrl).toBe('https://addesk.example');
    expect(config.demoLogin).toBe(true);
  });

  it('puts relative data folders where npm was run from', () => {
    expect(loadConfig({ INIT_CWD: '/srv/addesk', DATA_DIR: './data' }).database).toEqual({
      dataDir: '/srv/addesk/data',
    });
    expect(loadConfig({ DATA_DIR: '/var/lib/addesk' }).database).toEqual({ dataDir: '/var/lib/addesk' });
  });

  it('stops at start with a message naming a bad setting', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DEMO_LOGIN: 'yes' })).toThrow(/DEMO_LOGIN/);
  });
});
