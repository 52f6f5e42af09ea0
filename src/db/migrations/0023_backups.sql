CREATE TABLE "office_backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"source" text DEFAULT 'generated' NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"error" text,
	"scope" text[] NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"size" bigint,
	"sha256" text,
	"storage_key" text,
	"counts" jsonb,
	"source_office_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	CONSTRAINT "office_backups_storage_key_uq" UNIQUE("storage_key"),
	CONSTRAINT "office_backups_tipo_check" CHECK ("office_backups"."tipo" in ('automatic', 'manual')),
	CONSTRAINT "office_backups_source_check" CHECK ("office_backups"."source" in ('generated', 'uploaded')),
	CONSTRAINT "office_backups_status_check" CHECK ("office_backups"."status" in ('in_progress', 'success', 'error')),
	CONSTRAINT "office_backups_scope_check" CHECK ("office_backups"."scope" <@ array['clientes', 'casos', 'documentos', 'configuracoes']::text[]),
	CONSTRAINT "office_backups_progress_check" CHECK ("office_backups"."progress" between 0 and 100),
	CONSTRAINT "office_backups_nome_len" CHECK (char_length("office_backups"."nome") between 1 and 255),
	CONSTRAINT "office_backups_error_len" CHECK (char_length("office_backups"."error") <= 1000),
	CONSTRAINT "office_backups_sha256_check" CHECK ("office_backups"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "office_backups" ADD CONSTRAINT "office_backups_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_backups" ADD CONSTRAINT "office_backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_backups_office_created_idx" ON "office_backups" USING btree ("office_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);