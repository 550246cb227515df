// The local fake VK ОРД of the end-to-end run (started by playwright.config.ts) and of manual runs:
// `tsx e2e/fake-ord.ts PORT [KEY]` (KEY: the API key it accepts, test-ord-key unless given). It validates every
// request against the same OpenAPI description the server's client is generated from (apps/server/test/helpers/fake-vk-ord.ts).
import { startFakeVkOrd } from '../apps/server/test/helpers/fake-vk-ord.ts';

const fake = await startFakeVkOrd({
  port: Number(process.argv[2] ?? 0),
  apiKey: process.argv[3] || undefined,
});
console.log(`fake VK ОРД on ${fake.url}`);
process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
