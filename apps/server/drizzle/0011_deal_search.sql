-- The deal lists' search: trigram indexes (pg_trgm) that lead with team_id (btree_gin puts a plain column in a GIN
-- index), on the form the search compares (src/db/contains.ts: lower case, 'ё' as 'е'). Both extensions are
-- trusted, so the database's owner creates them without superuser rights; PGlite loads them in src/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "channels_team_search_idx" ON "channels" USING gin ("team_id",translate(lower("name"), 'ё', 'е') gin_trgm_ops,translate(lower("telegram_nick_name"), 'ё', 'е') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_team_search_idx" ON "contacts" USING gin ("team_id",translate(lower("name"), 'ё', 'е') gin_trgm_ops,translate(lower("username"), 'ё', 'е') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deals_team_kind_contact_idx" ON "deals" USING btree ("team_id","kind","contact_id","deal_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "deals_team_kind_placement_idx" ON "deals" USING btree ("team_id","kind","placement_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "external_channels_team_search_idx" ON "external_channels" USING gin ("team_id",translate(lower("name"), 'ё', 'е') gin_trgm_ops,translate(lower("username"), 'ё', 'е') gin_trgm_ops);