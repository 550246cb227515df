// The Telegram adapter's public file: the Bot API client and what a chat member's status says of our bot. It knows
// nothing of what an update means for the team's data (that is the modules' own, routed by job-registry.ts).
export { type BotState, botStateOf } from './bot-state.js';
export { startPayload } from './start-payload.js';
export { createTelegramClient, TELEGRAM_UNAVAILABLE, type TelegramClient } from './telegram.client.js';
