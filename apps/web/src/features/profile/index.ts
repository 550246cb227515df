// The user's settings, for other features: the key a change of them invalidates.
export { settingsQueryKey } from './api/get-settings';
