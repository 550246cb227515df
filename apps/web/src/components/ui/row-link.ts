/** A list's row that opens a record (channels, people, clients, a client's deals): the whole row is the target. */
export const rowLinkClass = 'flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-accent active:bg-accent/80';
