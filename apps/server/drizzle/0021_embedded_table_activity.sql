-- The embedded database's activity counters across a restart (docs/decisions/022): PGlite forgets them whenever it
-- closes, so a table's changes since its last ANALYZE or VACUUM were never counted again, however many there were.
-- Its close adds them here (db/maintenance.ts). Not team data: one row per table.
CREATE TABLE "embedded_table_activity" (
	"table_name" text PRIMARY KEY NOT NULL,
	"dead" bigint NOT NULL,
	"inserted" bigint NOT NULL,
	"modified" bigint NOT NULL
);
