// People who sign in: invitations, and the signed-in person's teams.
export { InvitationCard } from './components/invitation-card';
export { TeamSwitcher } from './components/team-switcher';
