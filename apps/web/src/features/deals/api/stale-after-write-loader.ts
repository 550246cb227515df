/**
 * What a deal write makes stale names other features' query keys, and importing their index files would put their
 * chunks on the forms' first load (/sale/new is at its 200 KB budget): they load once a save has succeeded instead.
 */
export const loadStaleAfterWrite = () => import('./stale-after-write');
