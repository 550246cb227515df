import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sameOrigin, signInDemo } from '../helpers/test-app.js';

// A file of the build, with the .br beside it that the build writes (apps/web/vite.config.ts).
const script = 'console.log("a file the build compressed")';

describe('HTTP surface', () => {
  let app: FastifyInstance;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'addesk-web-'));
    await mkdir(join(webRoot, 'assets'));
    await writeFile(
      join(webRoot, 'index.html'),
      '<!doctype html><html lang="ru"><title>AdDesk</title></html>',
    );
    await writeFile(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    await writeFile(join(webRoot, 'assets', 'built-1.js'), script);
    await writeFile(join(webRoot, 'assets', 'built-1.js.br'), brotliCompressSync(script));
    app = await createTestApp({}, { webRoot });
  });
  afterAll(async () => {
    await app.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('answers health once migrations are applied', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('opens the app on a deep link (SPA fallback) and revalidates the page', async () => {
    for (const url of ['/sale/5', '/channels/2/employees/add', '/dashboard?x=1', '/']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('AdDesk');
    }
  });

  it('compresses JSON answers for browsers that accept it, and sends the files the build compressed as they are', async () => {
    const { cookie } = await signInDemo(app, 'compressed');
    const plain = await app.inject({ url: '/api/sale/filter?limit=50', headers: { cookie } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await app.inject({
      url: '/api/sale/filter?limit=50',
      headers: { cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await app.inject({
      url: '/api/sale/filter?limit=50',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const asset = await app.inject({ url: '/assets/built-1.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers JSON 404 for unknown API paths and missing files', async () => {
    for (const url of ['/api/nothing-here', '/api/employee/1/nothing', '/missing.js']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Не найдено' });
    }
  });

  it('answers a Russian JSON error for an asset deleted after the server started', async () => {
    const { rm: remove } = await import('node:fs/promises');
    await writeFile(join(webRoot, 'assets', 'gone-1.js'), 'x');
    const racing = await createTestApp({}, { webRoot });
    await remove(join(webRoot, 'assets', 'gone-1.js'));
    const response = await racing.inject({ url: '/assets/gone-1.js' });
    await racing.close();
    expect([404, 500]).toContain(response.statusCode);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().message).toMatch(/[а-яё]/i);
  });

  it('sends security headers on pages, API answers and errors alike', async () => {
    for (const url of ['/sale/5', '/api/health', '/api/no-such-thing']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBeDefined();
    }
  });

  it('refuses mutations from another site, accepts them from ours', async () => {
    const { cookie } = await signInDemo(app, 'origin');
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Запрос с другого сайта отклонён');
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/employee', headers: { cookie } })).statusCode).toBe(200);
    const ours = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, ...sameOrigin },
    });
    expect(ours.statusCode).toBe(204);
  });

  it('answers malformed JSON with a Russian 400, never a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...sameOrigin, 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'Некорректный запрос' });
  });

  it('hides internals of an unexpected failure', async () => {
    const broken = await createTestApp();
    const { cookie } = await signInDemo(broken, 'broken');
    await broken.db.execute(sql`drop table sessions`);
    const response = await broken.inject({ url: '/api/employee', headers: { cookie } });
    await broken.close();
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/sessions|relation|select/i);
    expect(response.json()).toEqual({
      code: 'INTERNAL',
      message: 'Что-то пошло не так. Мы уже в курсе ситуации и работаем над ее устранением.',
    });
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/login', '/api/employee', '/api/channel']),
    );
    expect((await app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });
});
