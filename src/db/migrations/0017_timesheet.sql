CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"data" date NOT NULL,
	"inicio" timestamp with time zone,
	"fim" timestamp with time zone,
	"minutos" integer,
	"descricao" text DEFAULT '' NOT NULL,
	"faturavel" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "time_entries_minutos_check" CHECK ("time_entries"."minutos" between 1 and 1440),
	CONSTRAINT "time_entries_fim_check" CHECK ("time_entries"."fim" > "time_entries"."inicio"),
	CONSTRAINT "time_entries_descricao_len" CHECK (char_length("time_entries"."descricao") <= 1000),
	CONSTRAINT "time_entries_running_check" CHECK (("time_entries"."minutos" is null) = ("time_entries"."inicio" is not null and "time_entries"."fim" is null))
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_office_member_fk" FOREIGN KEY ("office_id","member_id") REFERENCES "public"."office_members"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_office_case_fk" FOREIGN KEY ("office_id","case_id") REFERENCES "public"."cases"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_one_running_uq" ON "time_entries" USING btree ("member_id") WHERE "time_entries"."inicio" is not null and "time_entries"."fim" is null and "time_entries"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_member_data_idx" ON "time_entries" USING btree ("member_id","data" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "time_entries_office_data_idx" ON "time_entries" USING btree ("office_id","data");