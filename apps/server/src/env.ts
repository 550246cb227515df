import { resolve } from 'node:path';
import { z } from '@addesk/contract';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

// Every setting of the server, with its default; the README lists the same. Nothing else reads process.env.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  // Loopback only unless told otherwise: a server with the demo sign-in on is nobody else's to reach (issue 33).
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  DEMO_LOGIN: flag.default(false),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  YANDEX_CLIENT_ID: optionalText,
  YANDEX_CLIENT_SECRET: optionalText,
  YANDEX_AUTH_URL: z.url().default('https://oauth.yandex.ru/authorize'),
  YANDEX_TOKEN_URL: z.url().default('https://oauth.yandex.ru/token'),
  YANDEX_USERINFO_URL: z.url().default('https://login.yandex.ru/info?format=json'),
  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  TELEGRAM_PREVIEW_ROOT: z.url().default('https://t.me'),
  /** Where 'Войти через Telegram' sends the browser (Telegram's login page; a local fake in tests). */
  TELEGRAM_OAUTH_ROOT: z.url().default('https://oauth.telegram.org'),
  TELEGRAM_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  TELEGRAM_WEBHOOK: flag.default(false),
  TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, '16-256 символов: латинские буквы, цифры, _ и -')
      .optional(),
  ),
  /** VK ОРД's production and sandbox API (a team's `sandbox` picks the second), and how long a call may take. */
  ORD_VK_API_ROOT: z.url().default('https://api.ord.vk.com'),
  ORD_VK_SANDBOX_ROOT: z.url().default('https://api-sandbox.ord.vk.com'),
  ORD_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(15_000),
  /**
   * The key that seals secrets kept in the database (the teams' ОРД API keys): 64 hex characters. Without it the
   * embedded database keeps a generated one in DATA_DIR; a PostgreSQL server needs it set to keep such secrets.
   */
  SECRETS_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, '64 шестнадцатеричных символа (32 байта), например: openssl rand -hex 32')
      .optional(),
  ),
  REMINDER_MINUTES_BEFORE: z.coerce.number().int().min(0).max(1440).default(60),
  BACKGROUND_JOBS: flag.default(true),
  SUPPORT_URL: z.url().default('https://t.me/addesk_support'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  API_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(600),
});

export type Env = z.infer<typeof envSchema>;

type OAuthEndpoints = {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
};

export type Config = {
  host: string;
  port: number;
  publicUrl: string;
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  production: boolean;
  database: { url: string } | { dataDir: string };
  demoLogin: boolean;
  oauth: { google?: OAuthEndpoints; yandex?: OAuthEndpoints };
  telegram: { botToken?: string; apiRoot: string; previewRoot: string; oauthRoot: string; timeoutMs: number };
  /**
   * The bot's work (decisions 019): updates by webhook instead of long polling (only with an https PUBLIC_URL), the
   * webhook's secret (default: derived from the token), the default minutes before a placement's reminder, and whether
   * this process runs the background loops at all (tests drive them by hand).
   */
  bot: { webhook: boolean; webhookSecret?: string; reminderMinutesBefore: number; backgroundJobs: boolean };
  /** VK ОРД's API roots and a call's time limit (issue 35). */
  ord: { apiRoot: string; sandboxRoot: string; timeoutMs: number };
  /** SECRETS_KEY, when set (lib/secret-box.ts). */
  secretsKey?: string;
  supportUrl: string;
  /** How long a request may take to arrive: its headers, and the whole of it with its body. */
  http: { requestTimeoutMs: number; headersTimeoutMs: number };
  /** Sign-in attempts per minute from one address (the sign-in link and the provider's callback). */
  signInPerMinute: number;
  /** API requests per minute from one address (a route with its own limit, as sign-in, keeps it). */
  apiPerMinute: number;
};

const oauthEndpoints = (
  clientId: string | undefined,
  clientSecret: string | undefined,
  urls: Omit<OAuthEndpoints, 'clientId' | 'clientSecret'>,
): OAuthEndpoints | undefined => (clientId && clientSecret ? { clientId, clientSecret, ...urls } : undefined);

/** Reads and checks the environment once, at start; a bad setting stops the server with a message naming it. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Некорректные настройки окружения:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    production: env.NODE_ENV === 'production',
    // A relative DATA_DIR is where the user ran npm from (npm runs this package's scripts in its own folder).
    database: env.DATABASE_URL
      ? { url: env.DATABASE_URL }
      : { dataDir: resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR) },
    demoLogin: env.DEMO_LOGIN,
    oauth: {
      google: oauthEndpoints(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, {
        authorizationUrl: env.GOOGLE_AUTH_URL,
        tokenUrl: env.GOOGLE_TOKEN_URL,
        userinfoUrl: env.GOOGLE_USERINFO_URL,
      }),
      yandex: oauthEndpoints(env.YANDEX_CLIENT_ID, env.YANDEX_CLIENT_SECRET, {
        authorizationUrl: env.YANDEX_AUTH_URL,
        tokenUrl: env.YANDEX_TOKEN_URL,
        userinfoUrl: env.YANDEX_USERINFO_URL,
      }),
    },
    telegram: {
      botToken: env.TELEGRAM_BOT_TOKEN,
      apiRoot: env.TELEGRAM_API_ROOT,
      previewRoot: env.TELEGRAM_PREVIEW_ROOT,
      oauthRoot: env.TELEGRAM_OAUTH_ROOT,
      timeoutMs: env.TELEGRAM_TIMEOUT_MS,
    },
    bot: {
      webhook: env.TELEGRAM_WEBHOOK,
      webhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
      reminderMinutesBefore: env.REMINDER_MINUTES_BEFORE,
      backgroundJobs: env.BACKGROUND_JOBS,
    },
    ord: {
      apiRoot: env.ORD_VK_API_ROOT,
      sandboxRoot: env.ORD_VK_SANDBOX_ROOT,
      timeoutMs: env.ORD_TIMEOUT_MS,
    },
    secretsKey: env.SECRETS_KEY,
    supportUrl: env.SUPPORT_URL,
    // Node requires the headers' limit to be within the whole request's.
    http: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
    },
    signInPerMinute: env.SIGN_IN_PER_MINUTE,
    apiPerMinute: env.API_PER_MINUTE,
  };
}
