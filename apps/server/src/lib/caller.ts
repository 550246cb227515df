/** Who acts: every query of team data is scoped by this team id. */
export type Caller = { teamId: number; employeeId: number };

/**
 * What one person may see and do in their team (docs/decisions/024): the owner everything; anyone else what their
 * channel roles and the people under them give. Read once per request with the session, and asked by every service
 * through the functions of modules/access/access.ts, never by comparing roles in place.
 */
export type Access = {
  owner: boolean;
  employeeId: number;
  /** The channels on which the person has each role. */
  channels: { admin: number[]; sales: number[]; purchases: number[]; content: number[] };
  /** The person and everyone below them in the team's tree: their deals and their pay are visible. */
  people: number[];
  /** Everyone who works on a channel the person administers: the people they see and manage. */
  colleagues: number[];
};

/**
 * The caller of a request: the session query brings the team's time zone and data version along (one round trip), so
 * the team's today costs no query of its own. The data version is read before any of the request's data, so what the
 * request reads is at least that version (the ETags, the search's matches and members' access are kept by it,
 * docs/decisions/020). Jobs, the admin tool and sign-in act with ids alone.
 */
export type SessionCaller = Caller & {
  userId: number;
  timeZone: string;
  dataVersion: number;
  access: Access;
};
