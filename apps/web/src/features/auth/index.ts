// The signed-in user and what they may do, for other features.
export { useCurrentUser } from './api/get-current-user';
