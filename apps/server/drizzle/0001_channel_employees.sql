CREATE TABLE "channel_employees" (
	"team_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"employee_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_employees_team_id_channel_id_employee_id_pk" PRIMARY KEY("team_id","channel_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "channel_employees" ADD CONSTRAINT "channel_employees_team_id_channel_id_channels_team_id_id_fk" FOREIGN KEY ("team_id","channel_id") REFERENCES "public"."channels"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_employees" ADD CONSTRAINT "channel_employees_team_id_employee_id_employees_team_id_id_fk" FOREIGN KEY ("team_id","employee_id") REFERENCES "public"."employees"("team_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_employees_team_employee_idx" ON "channel_employees" USING btree ("team_id","employee_id");