// Finance for other features: the query prefix a created, changed or paid deal makes stale.
export { financeQueryKeys } from './api/query-keys';
