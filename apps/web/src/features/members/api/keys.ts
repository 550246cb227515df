/** The members' queries: a person's sign-in state and invitation, and the signed-in person's teams. */
export const membersQueryKeys = {
  all: ['members'] as const,
  membership: (employeeId: number) => ['members', 'membership', employeeId] as const,
  teams: () => ['members', 'teams'] as const,
  invitation: (token: string) => ['members', 'invitation', token] as const,
};
