import type { LegalDetails } from '@addesk/contract';
import type { Db } from '../../db/client.js';
import type { SessionCaller } from '../../lib/caller.js';
import * as repo from './legal.repository.js';

// The team's own legal details for ad marking (issue 35): the owner's to set (the access policy says so).

export const getTeamLegal = (db: Db, caller: SessionCaller) => repo.findTeamLegal(db, caller.teamId);

export const putTeamLegal = (db: Db, caller: SessionCaller, details: LegalDetails) =>
  repo.saveTeamLegal(db, caller.teamId, details);
