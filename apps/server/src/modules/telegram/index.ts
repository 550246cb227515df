// The Telegram adapter's public file: the Bot API client, what a chat member's status says of our bot, and a public
// channel's posts read from its preview page. It knows nothing of what an update or a post means for the team's data
// (that is the modules' own, routed by job-registry.ts).
export { type BotState, botStateOf } from './bot-state.js';
export {
  type PreviewFeed,
  type PreviewPost,
  PreviewRateLimited,
  PreviewUnavailable,
  parseViews,
  readChannelFeed,
} from './preview-feed.js';
export { startPayload } from './start-payload.js';
export { createTelegramClient, TELEGRAM_UNAVAILABLE, type TelegramClient } from './telegram.client.js';
