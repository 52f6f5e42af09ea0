CREATE TABLE "platform_backup_schedules" (
	"tipo" text PRIMARY KEY NOT NULL,
	"hora" text NOT NULL,
	"dia_semana" smallint,
	"ativo" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_backup_schedules_tipo_check" CHECK ("platform_backup_schedules"."tipo" in ('diario', 'semanal')),
	CONSTRAINT "platform_backup_schedules_hora_check" CHECK ("platform_backup_schedules"."hora" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "platform_backup_schedules_dia_check" CHECK ("platform_backup_schedules"."dia_semana" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "platform_backup_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"retencao_dias" integer DEFAULT 30 NOT NULL,
	"restoring_backup_id" uuid,
	"restore_started_at" timestamp with time zone,
	"last_restore_status" text,
	"last_restore_at" timestamp with time zone,
	CONSTRAINT "platform_backup_state_single" CHECK ("platform_backup_state"."id" = 1),
	CONSTRAINT "platform_backup_state_retencao_check" CHECK ("platform_backup_state"."retencao_dias" between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "platform_backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"status" text DEFAULT 'processando' NOT NULL,
	"error" text,
	"slot_key" text,
	"db_kind" text NOT NULL,
	"schema_version" text,
	"size" bigint,
	"sha256" text,
	"storage_key" text,
	"db_bytes" bigint,
	"file_count" integer,
	"created_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	CONSTRAINT "platform_backups_slot_key_unique" UNIQUE("slot_key"),
	CONSTRAINT "platform_backups_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "platform_backups_tipo_check" CHECK ("platform_backups"."tipo" in ('manual', 'diario', 'semanal')),
	CONSTRAINT "platform_backups_status_check" CHECK ("platform_backups"."status" in ('processando', 'concluido', 'falhou')),
	CONSTRAINT "platform_backups_db_kind_check" CHECK ("platform_backups"."db_kind" in ('postgres', 'pglite')),
	CONSTRAINT "platform_backups_sha256_check" CHECK ("platform_backups"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE INDEX "platform_backups_started_idx" ON "platform_backups" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);