// Sessions (docs/decisions/024): the cookie, the check every team route runs behind, and a session's life. Sign-in
// (modules/auth) and membership (modules/members) start and move sessions through this file.

export { clearSessionCookie, requireSession, SESSION_COOKIE, setSessionCookie } from './session.plugin.js';
export {
  endSession,
  type Member,
  moveSession,
  resolveSession,
  SESSION_TTL_MS,
  startSession,
} from './session.service.js';
