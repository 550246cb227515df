import {
  EMPLOYEE_NOT_FOUND,
  INVITATION_DAYS,
  type InvitationError,
  invitationErrors,
  type Membership,
  type Team,
} from '@addesk/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionCaller } from '../../lib/caller.js';
import { qrDataUrl } from '../../lib/qr.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { managesPerson, permissionsOf, seesPerson } from '../access/index.js';
import { getCurrentUser, leaveTeam } from '../employee/employee.service.js';
import { deleteTeam } from '../team/index.js';
import * as repo from './members.repository.js';

/** A team is called after its owner: 'Команда Алексея' reads worse than the owner's full name. */
export const teamNameOf = (owner: { firstName: string; secondName: string } | undefined) =>
  `Команда ${[owner?.firstName, owner?.secondName].filter(Boolean).join(' ')}`.trim();

const OWN_TEAM = 'Моя команда';

const refused = (reason: InvitationError) =>
  reason === 'member'
    ? new AppError('CONFLICT', invitationErrors.member)
    : new AppError('NOT_FOUND', invitationErrors[reason]);

/** Why an invitation does not work now, or nothing when it does. */
function invitationProblem(
  row: Awaited<ReturnType<typeof repo.findInvitation>>,
  now: Date,
): InvitationError | undefined {
  if (!row || row.employeeRemoved) return 'unknown';
  if (row.usedAt) return 'used';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt <= now) return 'expired';
  return undefined;
}

const fullName = (first: string, second: string) => [first, second].filter(Boolean).join(' ');

/** A person of the team someone may invite: seen (else 404), theirs to manage (else 403), still in the team. */
async function invitable(db: Db, caller: SessionCaller, employeeId: number) {
  if (!seesPerson(caller.access, employeeId)) throw notFound(EMPLOYEE_NOT_FOUND);
  const state = await repo.membershipOf(db, caller.teamId, employeeId, new Date());
  if (!state) throw notFound(EMPLOYEE_NOT_FOUND);
  if (!managesPerson(caller.access, employeeId))
    throw new AppError(
      'FORBIDDEN',
      'Пригласить сотрудника может владелец команды или администратор его канала',
    );
  return state;
}

/** The person's teams for the switcher; the session's is `current`. */
export async function listTeams(db: Db, caller: SessionCaller): Promise<Team[]> {
  const rows = await repo.teamsOf(db, caller.userId);
  return rows.map((row) => ({
    id: row.teamId,
    // One's own team is 'Моя команда': another owner may well have the same name (every demo owner has).
    name: row.owner
      ? OWN_TEAM
      : teamNameOf({ firstName: row.ownerFirstName, secondName: row.ownerSecondName }),
    isOwner: row.owner,
    roles: row.roles,
    current: row.teamId === caller.teamId,
  }));
}

/** The team the person opens at sign-in (the last one they worked in, else their own, else the first they joined). */
export async function homeMembership(db: Db, userId: number) {
  const [first] = await repo.membershipsOf(db, userId);
  return first && { teamId: first.teamId, employeeId: first.employeeId, userId };
}

/** The person's place in one of their teams; 404 for a team they are not in. */
export async function membershipIn(db: Db, userId: number, teamId: number) {
  const found = (await repo.membershipsOf(db, userId)).find((m) => m.teamId === teamId);
  if (!found) throw notFound('Команда не найдена');
  await repo.setLastTeam(db, userId, teamId);
  return { teamId, employeeId: found.employeeId, userId };
}

const teamName = async (db: Db, teamId: number) => teamNameOf(await repo.ownerName(db, teamId));

export async function membership(db: Db, caller: SessionCaller, employeeId: number): Promise<Membership> {
  if (!seesPerson(caller.access, employeeId)) throw notFound(EMPLOYEE_NOT_FOUND);
  const state = await repo.membershipOf(db, caller.teamId, employeeId, new Date());
  if (!state) throw notFound(EMPLOYEE_NOT_FOUND);
  return {
    joinedAt: state.signedIn ? (state.joinedAt?.toISOString() ?? null) : null,
    invitationExpiresAt: state.invitationExpiresAt?.toISOString() ?? null,
  };
}

/** The start payload of an invitation: its token after this mark (a payload is at most 64 of [A-Za-z0-9_-]). */
export const INVITATION_START = 'inv_';

/** The bot's link that carries an invitation (members.bot.ts answers it); null without a bot. */
const invitationStartLink = (botUsername: string | null, token: string) =>
  botUsername ? `https://t.me/${botUsername}?start=${INVITATION_START}${token}` : null;

/** A new one-time link to become this person; it replaces the one before. Only its hash is kept. */
export async function invite(
  db: Db,
  caller: SessionCaller,
  employeeId: number,
  where: { publicUrl: string; botUsername: string | null },
) {
  return db.transaction(async (tx) => {
    const state = await invitable(tx, caller, employeeId);
    if (state.signedIn) throw new AppError('CONFLICT', 'Сотрудник уже вошёл в AdDesk');
    const token = randomToken();
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
    await repo.revokeInvitations(tx, caller.teamId, employeeId);
    await repo.insertInvitation(tx, {
      tokenHash: sha256(token),
      teamId: caller.teamId,
      employeeId,
      invitedBy: caller.employeeId,
      expiresAt,
    });
    const url = `${where.publicUrl}/invite/${token}`;
    return {
      url,
      telegramUrl: invitationStartLink(where.botUsername, token),
      expiresAt: expiresAt.toISOString(),
      qr: await qrDataUrl(url),
    };
  });
}

export async function revokeInvitation(db: Db, caller: SessionCaller, employeeId: number) {
  await invitable(db, caller, employeeId);
  await repo.revokeInvitations(db, caller.teamId, employeeId);
}

/** What an invitation's page shows to someone not signed in; a link that does not work answers 404 with why. */
export async function previewInvitation(db: Db, token: string) {
  const row = await repo.findInvitation(db, sha256(token));
  const problem = invitationProblem(row, new Date());
  if (problem || !row) throw refused(problem ?? 'unknown');
  return {
    teamName: await teamName(db, row.teamId),
    employeeName: fullName(row.employeeFirstName, row.employeeSecondName),
    invitedBy: fullName(row.inviterFirstName, row.inviterSecondName),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Binds the person to the invited employee, in the caller's transaction: the invitation is used once, by one person,
 * and a person is one employee of a team at most. A link that does not work binds nothing and says why.
 */
export async function acceptInvitation(tx: Db, token: string, userId: number) {
  const hash = sha256(token);
  const now = new Date();
  const row = await repo.findInvitation(tx, hash);
  const problem = invitationProblem(row, now);
  if (problem || !row) throw refused(problem ?? 'unknown');
  if ((await repo.membershipsOf(tx, userId)).some((m) => m.teamId === row.teamId)) throw refused('member');
  if (!(await repo.useInvitation(tx, hash, now))) throw refused('used');
  if (!(await repo.bindEmployee(tx, row.teamId, row.employeeId, userId))) throw refused('used');
  await repo.setLastTeam(tx, userId, row.teamId);
  return { teamId: row.teamId, employeeId: row.employeeId, userId };
}

/**
 * Deleting the profile deletes the person (their sign-ins and sessions) and, in one transaction, the team they own
 * with all its data; from the teams they were invited to they only leave (docs/decisions/024): those teams stay.
 */
export async function deleteProfile(db: Db, caller: SessionCaller) {
  await db.transaction(async (tx) => {
    for (const place of await repo.membershipsOf(tx, caller.userId)) {
      if (place.owner) await deleteTeam(tx, place.teamId);
      else await leaveTeam(tx, place.teamId, place.employeeId);
    }
    await repo.deleteUser(tx, caller.userId);
  });
}

/** The signed-in person in their current team, with what they may do there and how many teams they have. */
export async function currentUser(db: Db, caller: SessionCaller) {
  const [me, teams] = [await getCurrentUser(db, caller), await listTeams(db, caller)];
  return {
    ...me,
    isOwner: caller.access.owner,
    permissions: permissionsOf(caller.access),
    team: { id: caller.teamId, name: teams.find((t) => t.current)?.name ?? '', count: teams.length },
  };
}

export { bindEmployee, createUser, fillTelegramUsername, setLastTeam } from './members.repository.js';
