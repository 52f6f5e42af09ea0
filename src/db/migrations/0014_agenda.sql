CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"office_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_uq" UNIQUE("token_hash"),
	CONSTRAINT "calendar_feeds_token_hash_check" CHECK ("calendar_feeds"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "court_closed_days" (
	"office_id" uuid NOT NULL,
	"tribunal" text NOT NULL,
	"data" date NOT NULL,
	"motivo" text NOT NULL,
	"removido" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "court_closed_days_pk" PRIMARY KEY("office_id","tribunal","data"),
	CONSTRAINT "court_closed_days_tribunal_check" CHECK ("court_closed_days"."tribunal" ~ '^[A-Z][A-Z0-9-]{1,19}$'),
	CONSTRAINT "court_closed_days_motivo_len" CHECK (char_length("court_closed_days"."motivo") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"created_by" text,
	"titulo" text NOT NULL,
	"tipo" text NOT NULL,
	"status" text DEFAULT 'agendado' NOT NULL,
	"prioridade" text DEFAULT 'media' NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"dia_inteiro" boolean DEFAULT false NOT NULL,
	"local" text,
	"descricao" text,
	"lembrete_minutos" smallint,
	"case_id" uuid,
	"client_id" uuid,
	"reminder_job_id" text,
	"prazo" jsonb,
	"aviso_em" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "events_titulo_len" CHECK (char_length("events"."titulo") between 1 and 200),
	CONSTRAINT "events_local_len" CHECK (char_length("events"."local") <= 200),
	CONSTRAINT "events_descricao_len" CHECK (char_length("events"."descricao") <= 5000),
	CONSTRAINT "events_tipo_check" CHECK ("events"."tipo" in ('audiencia', 'prazo', 'reuniao', 'lembrete')),
	CONSTRAINT "events_status_check" CHECK ("events"."status" in ('agendado', 'confirmado', 'cancelado', 'concluido')),
	CONSTRAINT "events_prioridade_check" CHECK ("events"."prioridade" in ('alta', 'media', 'baixa')),
	CONSTRAINT "events_lembrete_check" CHECK ("events"."lembrete_minutos" in (15, 30, 60, 1440, 10080))
);
--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "prazo_aviso_dias" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_closed_days" ADD CONSTRAINT "court_closed_days_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_closed_days" ADD CONSTRAINT "court_closed_days_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_office_client_fk" FOREIGN KEY ("office_id","client_id") REFERENCES "public"."clients"("office_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_office_case_fk" FOREIGN KEY ("office_id","case_id") REFERENCES "public"."cases"("office_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_office_inicio_idx" ON "events" USING btree ("office_id","inicio") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_office_case_idx" ON "events" USING btree ("office_id","case_id");--> statement-breakpoint
CREATE INDEX "events_office_client_idx" ON "events" USING btree ("office_id","client_id");--> statement-breakpoint
CREATE INDEX "events_aviso_em_idx" ON "events" USING btree ("aviso_em") WHERE "events"."aviso_em" is not null and "events"."deleted_at" is null;