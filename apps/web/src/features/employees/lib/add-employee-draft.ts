import type { ChannelInfo } from '@addesk/contract';
import type { EmployeeCardFormValues } from './employee-forms';

/** A new person as typed in the add-employee flows, before anything is written. */
export type NewPerson = {
  name: string;
  /** The typed link, as the user wrote it (shown again when they come back to the step). */
  link: string;
  telegramNickName?: string;
  /** What Telegram showed for the link, if it was found. */
  telegram?: ChannelInfo;
};

/** Who the employee card adds: a member of the team, or the new person typed on step 2. */
export type CardPerson = { kind: 'member'; id: number } | { kind: 'new'; draft: NewPerson };

/** The card as typed, but the credentials: card numbers are not left in the browser's storage. */
export type CardDraft = Omit<EmployeeCardFormValues, 'credentials'>;

/** What an add-employee flow keeps across a reload: the person and, on a channel, the card. */
export type AddEmployeeDraft = { person?: NewPerson; card?: CardDraft };

/** One flow, one draft: 'team' (/employees/add) or a channel's own flow. */
export type DraftFlow = 'team' | { channelId: number };

const keyOf = (flow: DraftFlow) =>
  `addesk:add-employee:${flow === 'team' ? 'team' : `channel:${flow.channelId}`}`;

// Session storage: the draft survives a reload of the tab (the installed app has no other way to keep it) and goes
// with the tab. Storage can be off or full (private modes); the flow then simply starts empty after a reload.

export function readDraft(flow: DraftFlow): AddEmployeeDraft {
  try {
    const raw = sessionStorage.getItem(keyOf(flow));
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' ? (value as AddEmployeeDraft) : {};
  } catch {
    return {};
  }
}

export function writeDraft(flow: DraftFlow, draft: AddEmployeeDraft): void {
  try {
    sessionStorage.setItem(keyOf(flow), JSON.stringify(draft));
  } catch {
    // Not kept: see above.
  }
}

export function clearDraft(flow: DraftFlow): void {
  try {
    sessionStorage.removeItem(keyOf(flow));
  } catch {
    // Nothing was kept.
  }
}

/** The card's draft: everything typed but the credentials. */
export function cardDraftOf({ credentials: _, ...rest }: EmployeeCardFormValues): CardDraft {
  return rest;
}
