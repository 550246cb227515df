/** Who is calling: every query of team data is scoped by this team id. */
export type Caller = { teamId: number; employeeId: number };
