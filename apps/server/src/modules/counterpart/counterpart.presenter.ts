/** A counterpart record as the repositories read it, on its own or as a deal's. */
export type CounterpartRow = {
  id: number;
  name: string;
  username: string | null;
  telegramId: number | null;
  iconLink: string | null;
};

const telegramLink = (username: string | null) => (username ? `https://t.me/${username}` : null);

// The two kinds share every field but the names of the Telegram id and the link (spec §3).
export const presentCounterpart = {
  externalChannel: (row: CounterpartRow) => ({
    id: row.id,
    externalChannelId: row.telegramId,
    name: row.name,
    iconLink: row.iconLink,
    channelLink: telegramLink(row.username),
  }),
  contact: (row: CounterpartRow) => ({
    id: row.id,
    externalUserId: row.telegramId,
    name: row.name,
    iconLink: row.iconLink,
    profileLink: telegramLink(row.username),
  }),
};
