// The VK ОРД adapter's public file: a client of VK ОРД's API (the operator that registers ads with ЕРИР and issues
// erids), built on openapi-fetch over the types generated from VK ОРД's own OpenAPI description (vk-ord.openapi.yaml
// -> vk-ord.gen.ts, `npm run gen:ord -w apps/server`). It speaks only the ОРД's language: parties, contracts, venues,
// creatives, acts, statistics and ЕРИР's verdicts, by the caller's external ids. It knows nothing of deals, teams or
// jobs: the marking module maps a deal to these shapes and decides when to call. Auth is `Authorization: Bearer
// <key>`; each call gives up after `timeoutMs`. Every failure is an OrdError with a Russian message for the user and a
// kind: 'unauthorized' (a wrong key), 'rejected' (the ОРД refused the data: its own text), 'unavailable' (try again,
// after retryAfterMs when the ОРД said so). The key is never logged nor put in an error. `ordRoot` picks a team's
// sandbox or production root from config.ord. Tests run it against a local fake that validates every request
// against the same description (test/helpers/fake-vk-ord.ts; `e2e/fake-ord.ts PORT [KEY]` starts it alone).
export {
  type OrdClient,
  type OrdContract,
  type OrdCreative,
  type OrdDataType,
  OrdError,
  type OrdInvoice,
  type OrdPad,
  type OrdPerson,
  type OrdStatistics,
  ordClient,
  ordRoot,
} from './vk-ord.client.js';
