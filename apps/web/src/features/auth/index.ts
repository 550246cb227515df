// The signed-in user, for other features.
export { useCurrentUser } from './api/get-current-user';
