// What every form agrees on: the message of an empty required field, a text's limit and its message, a person's
// name (its length, and how one typed line splits into first and second name), a note's length.

export const EMPTY_FIELD = 'Поле не должно быть пустым';

/** The message of a text longer than `max` characters. */
export const tooLong = (max: number) => `Не длиннее ${max} символов`;

/** A first or second name of a person. */
export const MAX_NAME_LENGTH = 60;

/** A note on a payment or a payout. */
export const MAX_NOTE_LENGTH = 500;

/** Spec §3: the entered name is split on the first space into first and second name. */
export function splitName(name: string): { firstName: string; secondName: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space < 0
    ? { firstName: trimmed, secondName: '' }
    : { firstName: trimmed.slice(0, space), secondName: trimmed.slice(space + 1) };
}
