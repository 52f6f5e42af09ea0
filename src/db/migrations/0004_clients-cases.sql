CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid,
	"actor_user_id" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"created_by" text,
	"nome_completo" text NOT NULL,
	"email" text,
	"telefone" text,
	"documento" text,
	"tipo_pessoa" text DEFAULT 'fisica' NOT NULL,
	"endereco" text,
	"cidade_id" integer,
	"estado_id" integer,
	"cep" text,
	"data_nascimento" date,
	"profissao" text,
	"observacoes" text,
	"status" text DEFAULT 'ativo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "clients_nome_len" CHECK (char_length("clients"."nome_completo") between 1 and 160),
	CONSTRAINT "clients_email_len" CHECK (char_length("clients"."email") <= 254),
	CONSTRAINT "clients_telefone_digits" CHECK ("clients"."telefone" ~ '^[0-9]{10,11}$'),
	CONSTRAINT "clients_documento_shape" CHECK ("clients"."documento" ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'),
	CONSTRAINT "clients_tipo_pessoa_check" CHECK ("clients"."tipo_pessoa" in ('fisica', 'juridica')),
	CONSTRAINT "clients_endereco_len" CHECK (char_length("clients"."endereco") <= 300),
	CONSTRAINT "clients_cep_digits" CHECK ("clients"."cep" ~ '^[0-9]{8}$'),
	CONSTRAINT "clients_profissao_len" CHECK (char_length("clients"."profissao") <= 120),
	CONSTRAINT "clients_observacoes_len" CHECK (char_length("clients"."observacoes") <= 5000),
	CONSTRAINT "clients_status_check" CHECK ("clients"."status" in ('ativo', 'inativo', 'suspenso'))
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"created_by" text,
	"client_id" uuid,
	"titulo" text NOT NULL,
	"numero_processo" text,
	"descricao" text,
	"area_juridica" text NOT NULL,
	"status" text DEFAULT 'aberto' NOT NULL,
	"valor_causa" numeric(14, 2),
	"data_inicio" date DEFAULT (now() at time zone 'America/Sao_Paulo')::date NOT NULL,
	"data_conclusao" date,
	"tribunal" text,
	"vara" text,
	"observacoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "cases_titulo_len" CHECK (char_length("cases"."titulo") between 1 and 200),
	CONSTRAINT "cases_numero_processo_digits" CHECK ("cases"."numero_processo" ~ '^[0-9]{20}$'),
	CONSTRAINT "cases_descricao_len" CHECK (char_length("cases"."descricao") <= 5000),
	CONSTRAINT "cases_area_check" CHECK ("cases"."area_juridica" in ('Civil', 'Trabalhista', 'Penal', 'Tributário', 'Empresarial', 'Família', 'Previdenciário', 'Consumidor', 'Ambiental', 'Administrativo')),
	CONSTRAINT "cases_status_check" CHECK ("cases"."status" in ('aberto', 'andamento', 'concluido', 'arquivado')),
	CONSTRAINT "cases_valor_causa_check" CHECK ("cases"."valor_causa" >= 0),
	CONSTRAINT "cases_datas_check" CHECK ("cases"."data_conclusao" >= "cases"."data_inicio"),
	CONSTRAINT "cases_tribunal_len" CHECK (char_length("cases"."tribunal") <= 120),
	CONSTRAINT "cases_vara_len" CHECK (char_length("cases"."vara") <= 120),
	CONSTRAINT "cases_observacoes_len" CHECK (char_length("cases"."observacoes") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_cidade_id_cidade_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidade"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_estado_id_estado_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estado"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_office_created_idx" ON "audit_log" USING btree ("office_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "clients_office_created_idx" ON "clients" USING btree ("office_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_office_status_created_idx" ON "clients" USING btree ("office_id","status","created_at" DESC NULLS LAST) WHERE "clients"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "clients_nome_trgm_idx" ON "clients" USING gin (f_unaccent(lower("nome_completo")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_email_trgm_idx" ON "clients" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_telefone_trgm_idx" ON "clients" USING gin ("telefone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_documento_trgm_idx" ON "clients" USING gin ("documento" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cases_office_created_idx" ON "cases" USING btree ("office_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "cases"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cases_office_status_created_idx" ON "cases" USING btree ("office_id","status","created_at" DESC NULLS LAST) WHERE "cases"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cases_office_area_created_idx" ON "cases" USING btree ("office_id","area_juridica","created_at" DESC NULLS LAST) WHERE "cases"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cases_client_idx" ON "cases" USING btree ("client_id") WHERE "cases"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cases_titulo_trgm_idx" ON "cases" USING gin (f_unaccent(lower("titulo")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cases_numero_processo_trgm_idx" ON "cases" USING gin ("numero_processo" gin_trgm_ops);