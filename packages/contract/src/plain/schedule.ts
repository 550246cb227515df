/** The longest period the schedule shows at once: a quarter. */
export const MAX_SCHEDULE_DAYS = 92;
