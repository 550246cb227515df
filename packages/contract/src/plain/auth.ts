/** The ways to sign in besides the demo, and their names on the buttons. */
export const oauthProviders = ['google', 'yandex'] as const;
export type OAuthProvider = (typeof oauthProviders)[number];

export const providerNames: Record<OAuthProvider, string> = { google: 'Google', yandex: 'Яндекс' };
