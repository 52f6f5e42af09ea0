CREATE TABLE "case_andamentos" (
	"office_id" uuid NOT NULL,
	"case_id" uuid NOT NULL,
	"numero_processo" text,
	"alias" text,
	"state" text NOT NULL,
	"movimentos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"graus" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_andamentos_pk" PRIMARY KEY("office_id","case_id"),
	CONSTRAINT "case_andamentos_state_check" CHECK ("case_andamentos"."state" in ('nunca', 'ok', 'nao_encontrado', 'nao_coberto', 'sem_numero'))
);
--> statement-breakpoint
CREATE TABLE "publication_capture_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"error" text,
	"next_retry_at" timestamp with time zone,
	CONSTRAINT "publication_capture_runs_status_check" CHECK ("publication_capture_runs"."status" in ('running', 'finished', 'failed')),
	CONSTRAINT "publication_capture_runs_trigger_check" CHECK ("publication_capture_runs"."trigger" in ('agendada', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "publication_oabs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"numero" text NOT NULL,
	"uf" text NOT NULL,
	"origin" text NOT NULL,
	"owner_user_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_window_end" date,
	"last_success_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text,
	"next_retry_at" timestamp with time zone,
	CONSTRAINT "publication_oabs_office_numero_uf_uq" UNIQUE("office_id","numero","uf"),
	CONSTRAINT "publication_oabs_office_id_uq" UNIQUE("office_id","id"),
	CONSTRAINT "publication_oabs_numero_check" CHECK ("publication_oabs"."numero" ~ '^[1-9][0-9]{0,5}$'),
	CONSTRAINT "publication_oabs_uf_check" CHECK ("publication_oabs"."uf" ~ '^[A-Z]{2}$'),
	CONSTRAINT "publication_oabs_origin_check" CHECK ("publication_oabs"."origin" in ('perfil', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"djen_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"data_disponibilizacao" date NOT NULL,
	"sigla_tribunal" text NOT NULL,
	"tipo_comunicacao" text,
	"tipo_documento" text,
	"nome_orgao" text,
	"texto_html" text NOT NULL,
	"texto_plain" text NOT NULL,
	"numero_processo" text,
	"numero_mascara" text,
	"codigo_classe" text,
	"link" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"motivo_cancelamento" text,
	"destinatarios" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"advogados" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"found_by_oab_id" uuid,
	"case_id" uuid,
	"status" text DEFAULT 'nao_tratada' NOT NULL,
	"treated_by" text,
	"treated_at" timestamp with time zone,
	"prazo_event_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publications_office_djen_uq" UNIQUE("office_id","djen_id"),
	CONSTRAINT "publications_status_check" CHECK ("publications"."status" in ('nao_tratada', 'tratada', 'cancelada')),
	CONSTRAINT "publications_numero_processo_check" CHECK ("publications"."numero_processo" ~ '^[0-9]{20}$'),
	CONSTRAINT "publications_sigla_len" CHECK (char_length("publications"."sigla_tribunal") between 1 and 30)
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "publications_capture" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "case_andamentos" ADD CONSTRAINT "case_andamentos_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_andamentos" ADD CONSTRAINT "case_andamentos_office_case_fk" FOREIGN KEY ("office_id","case_id") REFERENCES "public"."cases"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_capture_runs" ADD CONSTRAINT "publication_capture_runs_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_capture_runs" ADD CONSTRAINT "publication_capture_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_oabs" ADD CONSTRAINT "publication_oabs_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_oabs" ADD CONSTRAINT "publication_oabs_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_oabs" ADD CONSTRAINT "publication_oabs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_found_by_oab_id_publication_oabs_id_fk" FOREIGN KEY ("found_by_oab_id") REFERENCES "public"."publication_oabs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_treated_by_users_id_fk" FOREIGN KEY ("treated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_prazo_event_id_events_id_fk" FOREIGN KEY ("prazo_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_office_case_fk" FOREIGN KEY ("office_id","case_id") REFERENCES "public"."cases"("office_id","id") ON DELETE SET NULL ("case_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publication_capture_runs_one_running_uq" ON "publication_capture_runs" USING btree ("office_id") WHERE "publication_capture_runs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "publication_capture_runs_office_started_idx" ON "publication_capture_runs" USING btree ("office_id","started_at" desc);--> statement-breakpoint
CREATE INDEX "publications_office_data_idx" ON "publications" USING btree ("office_id","data_disponibilizacao" desc,"djen_id" desc);--> statement-breakpoint
CREATE INDEX "publications_office_status_data_idx" ON "publications" USING btree ("office_id","status","data_disponibilizacao" desc,"djen_id" desc);--> statement-breakpoint
CREATE INDEX "publications_office_tribunal_data_idx" ON "publications" USING btree ("office_id","sigla_tribunal","data_disponibilizacao" desc,"djen_id" desc);--> statement-breakpoint
CREATE INDEX "publications_office_oab_data_idx" ON "publications" USING btree ("office_id","found_by_oab_id","data_disponibilizacao" desc,"djen_id" desc);--> statement-breakpoint
CREATE INDEX "publications_office_case_idx" ON "publications" USING btree ("office_id","case_id");--> statement-breakpoint
CREATE INDEX "publications_office_numero_idx" ON "publications" USING btree ("office_id","numero_processo");--> statement-breakpoint
CREATE INDEX "publications_office_created_idx" ON "publications" USING btree ("office_id","created_at");--> statement-breakpoint
CREATE INDEX "publications_texto_trgm_idx" ON "publications" USING gin (f_unaccent(lower("texto_plain")) gin_trgm_ops);