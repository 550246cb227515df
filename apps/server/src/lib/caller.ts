/** Who acts: every query of team data is scoped by this team id. */
export type Caller = { teamId: number; employeeId: number };

/**
 * The caller of a request: the session query brings the team's time zone and data version along (one round trip), so
 * the team's today costs no query of its own. The data version is read before any of the request's data, so what the
 * request reads is at least that version (the ETags and the search's matches are kept by it, docs/decisions/020).
 * Jobs, the admin tool and sign-in act with ids alone.
 */
export type SessionCaller = Caller & { timeZone: string; dataVersion: number };
