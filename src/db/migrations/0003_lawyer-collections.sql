CREATE TABLE "lawyer_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"nome" text NOT NULL,
	"emissor" text NOT NULL,
	"ano" integer,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lawyer_education" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"instituicao" text NOT NULL,
	"curso" text NOT NULL,
	"grau" text NOT NULL,
	"ano_inicio" integer NOT NULL,
	"ano_conclusao" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lawyer_education_anos_check" CHECK ("lawyer_education"."ano_conclusao" >= "lawyer_education"."ano_inicio")
);
--> statement-breakpoint
CREATE TABLE "lawyer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"data" date NOT NULL,
	"local" text,
	"descricao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lawyer_languages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"idioma" text NOT NULL,
	"nivel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lawyer_practice_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"area" text NOT NULL,
	"principal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lawyer_publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"titulo" text NOT NULL,
	"veiculo" text,
	"ano" integer,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lawyer_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text,
	"valor_min" numeric(12, 2),
	"valor_max" numeric(12, 2),
	"modalidade" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lawyer_services_valor_check" CHECK ("lawyer_services"."valor_min" <= "lawyer_services"."valor_max")
);
--> statement-breakpoint
CREATE TABLE "lawyer_success_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"titulo" text NOT NULL,
	"area" text NOT NULL,
	"descricao" text,
	"resultado" text,
	"ano" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lawyer_certifications" ADD CONSTRAINT "lawyer_certifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_education" ADD CONSTRAINT "lawyer_education_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_events" ADD CONSTRAINT "lawyer_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_languages" ADD CONSTRAINT "lawyer_languages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_practice_areas" ADD CONSTRAINT "lawyer_practice_areas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_publications" ADD CONSTRAINT "lawyer_publications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_services" ADD CONSTRAINT "lawyer_services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lawyer_success_cases" ADD CONSTRAINT "lawyer_success_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lawyer_certifications_user_idx" ON "lawyer_certifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lawyer_education_user_idx" ON "lawyer_education" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lawyer_events_user_idx" ON "lawyer_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lawyer_languages_user_idx" ON "lawyer_languages" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lawyer_practice_areas_user_area_uq" ON "lawyer_practice_areas" USING btree ("user_id","area");--> statement-breakpoint
CREATE UNIQUE INDEX "lawyer_practice_areas_principal_uq" ON "lawyer_practice_areas" USING btree ("user_id") WHERE "lawyer_practice_areas"."principal";--> statement-breakpoint
CREATE INDEX "lawyer_publications_user_idx" ON "lawyer_publications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lawyer_services_user_idx" ON "lawyer_services" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "lawyer_success_cases_user_idx" ON "lawyer_success_cases" USING btree ("user_id");