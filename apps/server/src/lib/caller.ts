/** Who acts: every query of team data is scoped by this team id. */
export type Caller = { teamId: number; employeeId: number };

/**
 * The caller of a request: the session query brings the team's time zone along (one round trip), so the team's today
 * costs no query of its own. Jobs, the admin tool and sign-in act with ids alone.
 */
export type SessionCaller = Caller & { timeZone: string };
