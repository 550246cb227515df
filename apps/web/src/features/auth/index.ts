// The signed-in user and what they may do, for other features.
export { useCurrentUser, usePermissions } from './api/get-current-user';
export { ownerOnlyText, RequirePermission } from './components/require-permission';
