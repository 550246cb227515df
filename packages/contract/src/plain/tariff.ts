/** Days a referrer's tariff is extended when a friend first gets a paid tariff. */
export const REFERRAL_BONUS_DAYS = 7;
