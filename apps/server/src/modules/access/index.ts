// The access policy's public file (docs/decisions/024): the record rules every service asks, the route table and the
// person's `Access` the session check reads.
export * from './access.js';
export { checkRule, policy } from './access.policy.js';
export { accessOf, accessOfEmployee } from './access.service.js';
