import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  dateValue,
  errorCodes,
  errorMessages,
  loginQuery,
  pageQuery,
  parseCondition,
  requiredText,
  returnPath,
} from '../src/index.js';

describe('return path after sign-in', () => {
  it('keeps paths inside the app', () => {
    for (const path of ['/dashboard', '/sale/5', '/sales?statusId=1,2', '/channels/3/employees/add']) {
      expect(returnPath.parse(path)).toBe(path);
    }
  });

  it('drops anything that could leave the app', () => {
    for (const path of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'dashboard',
      '/a b',
    ]) {
      expect(returnPath.parse(path)).toBeUndefined();
    }
  });
});

describe('login query', () => {
  it('accepts the three ways in and a demo key', () => {
    expect(loginQuery.parse({ authBy: 'google' })).toEqual({ authBy: 'google' });
    expect(loginQuery.parse({ authBy: 'demo', as: 'team_1' })).toEqual({ authBy: 'demo', as: 'team_1' });
  });

  it('explains a bad one in Russian', () => {
    const result = loginQuery.safeParse({ authBy: 'vk', as: 'x y' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain('Неизвестный способ входа');
    expect(messages.some((m) => m.includes('латиница'))).toBe(true);
  });
});

describe('shared rules', () => {
  it('says "Поле не должно быть пустым" for an empty or blank required field', () => {
    const name = requiredText(10);
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Поле не должно быть пустым');
    expect(name.parse('  Анна ')).toBe('Анна');
    expect(name.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('Не длиннее 10 символов');
  });

  it('pages 50 rows by default and at most 200', () => {
    expect(pageQuery.parse({})).toEqual({ limit: 50 });
    expect(pageQuery.parse({ limit: '200' }).limit).toBe(200);
    expect(pageQuery.safeParse({ limit: '201' }).success).toBe(false);
  });

  it('has a Russian message for every error code', () => {
    for (const code of errorCodes) expect(errorMessages[code]).toMatch(/[а-яё]/i);
  });

  it('gives zod’s own messages in Russian', () => {
    expect(pageQuery.safeParse({ limit: 'abc' }).error?.issues[0]?.message).toMatch(/[а-яё]/i);
  });
});

describe('filter conditions', () => {
  it('take only days of the calendar', () => {
    expect(dateValue('2024-02-29')).toBe('2024-02-29');
    for (const day of ['2026-02-29', '2026-13-01', '2026-04-31', '2026-00-10', '26-03-01', '2026-3-1']) {
      expect(dateValue(day), day).toBeUndefined();
    }
    expect(parseCondition('=bt=(2026-03-01,2026-03-31)', dateValue)).toEqual({
      op: 'bt',
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });
});

describe('plain modules', () => {
  // The web app's first screens use them, and the bundler leaves zod out only while they import nothing that brings
  // it (apps/web/vite.config.ts): nothing but one another.
  it('import nothing but one another', async () => {
    const folder = new URL('../src/plain/', import.meta.url);
    const files = await readdir(folder);
    expect(files).toEqual(expect.arrayContaining(['auth.ts', 'conditions.ts', 'deal.ts', 'errors.ts']));
    for (const file of files) {
      const source = await readFile(new URL(file, folder), 'utf8');
      const sources = [...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm)].map(
        (match) => match[1],
      );
      for (const imported of sources) expect(imported, file).toMatch(/^\.\/[a-z-]+\.js$/);
    }
  });
});
