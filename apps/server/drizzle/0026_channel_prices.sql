CREATE TABLE "channel_prices" (
	"team_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"advertisement_format_id" smallint NOT NULL,
	"duration_type" text NOT NULL,
	"duration" integer,
	"hours_in_top" integer DEFAULT 0 NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	CONSTRAINT "channel_prices_team_id_channel_id_position_pk" PRIMARY KEY("team_id","channel_id","position"),
	CONSTRAINT "channel_prices_price_chk" CHECK ("channel_prices"."price" > 0),
	CONSTRAINT "channel_prices_duration_chk" CHECK (("channel_prices"."duration_type" = 'INFINITY') = ("channel_prices"."duration" is null))
);
--> statement-breakpoint
ALTER TABLE "channel_prices" ADD CONSTRAINT "channel_prices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_prices" ADD CONSTRAINT "channel_prices_advertisement_format_id_advertisement_formats_id_fk" FOREIGN KEY ("advertisement_format_id") REFERENCES "public"."advertisement_formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_prices" ADD CONSTRAINT "channel_prices_team_id_channel_id_channels_team_id_id_fk" FOREIGN KEY ("team_id","channel_id") REFERENCES "public"."channels"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_prices_team_term_uq" ON "channel_prices" USING btree ("team_id","channel_id","advertisement_format_id","duration_type",coalesce("duration", 0),"hours_in_top");--> statement-breakpoint
CREATE TRIGGER "channel_prices_data_version_insert" AFTER INSERT ON "channel_prices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump();--> statement-breakpoint
CREATE TRIGGER "channel_prices_data_version_update" AFTER UPDATE ON "channel_prices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump();--> statement-breakpoint
CREATE TRIGGER "channel_prices_data_version_delete" AFTER DELETE ON "channel_prices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_data_bump();
