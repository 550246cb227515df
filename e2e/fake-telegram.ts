// The local fake Telegram of the end-to-end run (started by playwright.config.ts): `tsx e2e/fake-telegram.ts PORT`.
import { startFakeTelegram } from '../apps/server/test/helpers/fake-telegram.ts';
import { E2E_CHATS } from './fixtures/telegram-chats.ts';

const fake = await startFakeTelegram(E2E_CHATS, Number(process.argv[2] ?? 0));
console.log(`fake Telegram on ${fake.env.TELEGRAM_PREVIEW_ROOT}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
