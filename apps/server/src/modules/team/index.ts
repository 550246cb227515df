// The team module's public file: the lookups of the team's own records that every other module may use.
export * from './team.repository.js';
