-- Counterparts without a username and payment requisites become unique per team. Rows that concurrent requests
-- already stored twice are merged first: the oldest record of each group is kept, deals pointing at a duplicate are
-- re-pointed to it, then the duplicates are deleted, so the unique indexes below can be built on any database.
WITH "groups" AS (
	SELECT "team_id", "id", min("id") OVER (PARTITION BY "team_id", lower("name")) AS "kept"
	FROM "external_channels" WHERE "username" IS NULL
)
UPDATE "deals" SET "external_channel_id" = "groups"."kept"
FROM "groups"
WHERE "deals"."team_id" = "groups"."team_id" AND "deals"."external_channel_id" = "groups"."id" AND "groups"."id" <> "groups"."kept";--> statement-breakpoint
DELETE FROM "external_channels" AS "e" USING "external_channels" AS "k"
WHERE "e"."username" IS NULL AND "k"."username" IS NULL AND "k"."team_id" = "e"."team_id"
	AND lower("k"."name") = lower("e"."name") AND "k"."id" < "e"."id";--> statement-breakpoint
WITH "groups" AS (
	SELECT "team_id", "id", min("id") OVER (PARTITION BY "team_id", lower("name")) AS "kept"
	FROM "contacts" WHERE "username" IS NULL
)
UPDATE "deals" SET "contact_id" = "groups"."kept"
FROM "groups"
WHERE "deals"."team_id" = "groups"."team_id" AND "deals"."contact_id" = "groups"."id" AND "groups"."id" <> "groups"."kept";--> statement-breakpoint
DELETE FROM "contacts" AS "c" USING "contacts" AS "k"
WHERE "c"."username" IS NULL AND "k"."username" IS NULL AND "k"."team_id" = "c"."team_id"
	AND lower("k"."name") = lower("c"."name") AND "k"."id" < "c"."id";--> statement-breakpoint
-- Nothing references requisites: the oldest of each group stays, with its description.
DELETE FROM "payment_methods" AS "p" USING "payment_methods" AS "k"
WHERE "k"."team_id" = "p"."team_id" AND "k"."employee_id" = "p"."employee_id"
	AND "k"."payment_method_type_id" = "p"."payment_method_type_id" AND "k"."credentials" = "p"."credentials"
	AND "k"."id" < "p"."id";--> statement-breakpoint
DROP INDEX "contacts_team_name_idx";--> statement-breakpoint
DROP INDEX "external_channels_team_name_idx";--> statement-breakpoint
-- Keys stored before requests were hashed match no request: a retry of one answers 422 rather than risk a duplicate.
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "request_hash" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "status" smallint NOT NULL DEFAULT 201;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_team_name_uq" ON "contacts" USING btree ("team_id",lower("name")) WHERE "contacts"."username" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "external_channels_team_name_uq" ON "external_channels" USING btree ("team_id",lower("name")) WHERE "external_channels"."username" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_team_requisites_uq" ON "payment_methods" USING btree ("team_id","employee_id","payment_method_type_id","credentials");
