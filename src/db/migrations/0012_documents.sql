-- The unique (office_id, id) of cases must exist before documents_office_case_fk references it
-- (drizzle-kit emits it last); see 0011 for the same move on clients.
ALTER TABLE "cases" ADD CONSTRAINT "cases_office_id_id_uq" UNIQUE("office_id","id");--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"versao" integer NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"tipo" text NOT NULL,
	"mime_type" text NOT NULL,
	"original_name" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_versions_document_versao_uq" UNIQUE("document_id","versao"),
	CONSTRAINT "document_versions_storage_key_uq" UNIQUE("storage_key"),
	CONSTRAINT "document_versions_versao_check" CHECK ("document_versions"."versao" >= 1),
	CONSTRAINT "document_versions_size_check" CHECK ("document_versions"."size" between 1 and 10485760),
	CONSTRAINT "document_versions_sha256_check" CHECK ("document_versions"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "document_versions_tipo_check" CHECK ("document_versions"."tipo" in ('PDF', 'DOC', 'DOCX', 'XLS', 'XLSX', 'JPG', 'PNG')),
	CONSTRAINT "document_versions_mime_len" CHECK (char_length("document_versions"."mime_type") between 1 and 255),
	CONSTRAINT "document_versions_original_name_len" CHECK (char_length("document_versions"."original_name") between 1 and 255),
	CONSTRAINT "document_versions_storage_key_len" CHECK (char_length("document_versions"."storage_key") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"created_by" text,
	"client_id" uuid,
	"case_id" uuid,
	"nome" text NOT NULL,
	"nome_busca" text GENERATED ALWAYS AS (f_unaccent(lower("documents"."nome"))) STORED NOT NULL,
	"pasta" text NOT NULL,
	"nivel_acesso" text NOT NULL,
	"etiquetas" text[] DEFAULT '{}'::text[] NOT NULL,
	"etiquetas_busca" text DEFAULT '' NOT NULL,
	"observacoes" text,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "documents_office_id_id_uq" UNIQUE("office_id","id"),
	CONSTRAINT "documents_nome_len" CHECK (char_length("documents"."nome") between 1 and 255),
	CONSTRAINT "documents_pasta_check" CHECK ("documents"."pasta" in ('contratos', 'pecas_processuais', 'documentos_pessoais', 'certidoes', 'minutas')),
	CONSTRAINT "documents_nivel_acesso_check" CHECK ("documents"."nivel_acesso" in ('publico', 'restrito', 'confidencial')),
	CONSTRAINT "documents_etiquetas_len" CHECK (coalesce(array_length("documents"."etiquetas", 1), 0) <= 20),
	CONSTRAINT "documents_etiquetas_busca_len" CHECK (char_length("documents"."etiquetas_busca") <= 2100),
	CONSTRAINT "documents_observacoes_len" CHECK (char_length("documents"."observacoes") <= 5000),
	CONSTRAINT "documents_versao_check" CHECK ("documents"."versao" >= 1)
);
--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_office_document_fk" FOREIGN KEY ("office_id","document_id") REFERENCES "public"."documents"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_office_client_fk" FOREIGN KEY ("office_id","client_id") REFERENCES "public"."clients"("office_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_office_case_fk" FOREIGN KEY ("office_id","case_id") REFERENCES "public"."cases"("office_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_office_created_idx" ON "documents" USING btree ("office_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_office_pasta_created_idx" ON "documents" USING btree ("office_id","pasta","created_at" DESC NULLS LAST) WHERE "documents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "documents_office_client_idx" ON "documents" USING btree ("office_id","client_id");--> statement-breakpoint
CREATE INDEX "documents_office_case_idx" ON "documents" USING btree ("office_id","case_id");--> statement-breakpoint
CREATE INDEX "documents_nome_busca_trgm_idx" ON "documents" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_etiquetas_busca_trgm_idx" ON "documents" USING gin ("etiquetas_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_deleted_idx" ON "documents" USING btree ("deleted_at") WHERE "documents"."deleted_at" is not null;
