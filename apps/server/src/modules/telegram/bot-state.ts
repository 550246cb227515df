import type { ChatMember } from 'grammy/types';

/**
 * Our bot in a channel, as a my_chat_member update or getChatMember tells it: its status (a creator counts as an
 * administrator; restricted as a member or gone), whether it may post and whether it may make invite links.
 * `status: null` is a channel Telegram shows the bot nothing of (it is not there, or never was).
 */
export type BotState = {
  status: 'administrator' | 'member' | 'left' | 'kicked' | null;
  canPost: boolean;
  canInvite: boolean;
};

export const NOT_SEEN: BotState = { status: null, canPost: false, canInvite: false };

export function botStateOf(member: ChatMember): BotState {
  switch (member.status) {
    case 'creator':
      return { status: 'administrator', canPost: true, canInvite: true };
    case 'administrator':
      return {
        status: 'administrator',
        canPost: member.can_post_messages === true,
        canInvite: member.can_invite_users,
      };
    case 'member':
      return { status: 'member', canPost: false, canInvite: false };
    case 'restricted':
      return { status: member.is_member ? 'member' : 'left', canPost: false, canInvite: false };
    case 'left':
    case 'kicked':
      return { status: member.status, canPost: false, canInvite: false };
  }
}
