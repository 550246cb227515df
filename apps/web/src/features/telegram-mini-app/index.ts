// AdDesk opened inside Telegram as a Mini App; loaded by app/main.tsx only there.
export { startMiniApp } from './lib/start-mini-app';
