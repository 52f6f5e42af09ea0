CREATE TABLE "job_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"candidate_user_id" text NOT NULL,
	"cv_storage_key" text NOT NULL,
	"cv_nome" text NOT NULL,
	"cv_tamanho" bigint NOT NULL,
	"cv_sha256" text NOT NULL,
	"carta" text,
	"status" text DEFAULT 'recebida' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_applications_job_candidate_uq" UNIQUE("job_id","candidate_user_id"),
	CONSTRAINT "job_applications_carta_len" CHECK (char_length("job_applications"."carta") <= 5000),
	CONSTRAINT "job_applications_status_check" CHECK ("job_applications"."status" in ('recebida', 'em_analise', 'entrevista', 'aprovada', 'recusada'))
);
--> statement-breakpoint
CREATE TABLE "job_views_daily" (
	"job_id" uuid NOT NULL,
	"dia" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_views_daily_job_id_dia_pk" PRIMARY KEY("job_id","dia")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_user_id" text NOT NULL,
	"titulo" text NOT NULL,
	"empresa" text NOT NULL,
	"estado_id" integer,
	"cidade_id" integer,
	"remoto" boolean DEFAULT false NOT NULL,
	"tipo" text NOT NULL,
	"nivel" text NOT NULL,
	"modalidade" text NOT NULL,
	"salario" text,
	"descricao" text NOT NULL,
	"requisitos" text,
	"encerra_em" date,
	"status" text DEFAULT 'aberta' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"busca" text GENERATED ALWAYS AS (f_unaccent(lower("jobs"."titulo" || ' ' || "jobs"."empresa"))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_titulo_len" CHECK (char_length("jobs"."titulo") between 3 and 160),
	CONSTRAINT "jobs_empresa_len" CHECK (char_length("jobs"."empresa") between 1 and 160),
	CONSTRAINT "jobs_salario_len" CHECK (char_length("jobs"."salario") <= 120),
	CONSTRAINT "jobs_descricao_len" CHECK (char_length("jobs"."descricao") between 1 and 10000),
	CONSTRAINT "jobs_requisitos_len" CHECK (char_length("jobs"."requisitos") <= 10000),
	CONSTRAINT "jobs_tipo_check" CHECK ("jobs"."tipo" in ('Emprego', 'Estágio', 'Trainee')),
	CONSTRAINT "jobs_nivel_check" CHECK ("jobs"."nivel" in ('Júnior', 'Pleno', 'Estudante', 'Recém-formado')),
	CONSTRAINT "jobs_modalidade_check" CHECK ("jobs"."modalidade" in ('Presencial', 'Híbrido', 'Remoto')),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('aberta', 'encerrada'))
);
--> statement-breakpoint
CREATE TABLE "saved_jobs" (
	"user_id" text NOT NULL,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_jobs_user_id_job_id_pk" PRIMARY KEY("user_id","job_id")
);
--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_candidate_user_id_users_id_fk" FOREIGN KEY ("candidate_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_views_daily" ADD CONSTRAINT "job_views_daily_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_entity_user_id_users_id_fk" FOREIGN KEY ("entity_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_estado_id_estado_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estado"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_cidade_id_cidade_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidade"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_jobs" ADD CONSTRAINT "saved_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_applications_job_created_idx" ON "job_applications" USING btree ("job_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_applications_candidate_created_idx" ON "job_applications" USING btree ("candidate_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_open_created_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'aberta';--> statement-breakpoint
CREATE INDEX "jobs_open_estado_created_idx" ON "jobs" USING btree ("estado_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'aberta';--> statement-breakpoint
CREATE INDEX "jobs_busca_trgm_idx" ON "jobs" USING gin ("busca" gin_trgm_ops) WHERE "jobs"."status" = 'aberta';--> statement-breakpoint
CREATE INDEX "jobs_entity_created_idx" ON "jobs" USING btree ("entity_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_jobs_user_created_idx" ON "saved_jobs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_jobs_job_idx" ON "saved_jobs" USING btree ("job_id");