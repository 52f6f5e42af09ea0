CREATE TABLE "office_settings" (
	"office_id" uuid PRIMARY KEY NOT NULL,
	"nome_escritorio" text,
	"cnpj" text,
	"oab_registro" text,
	"telefone" text,
	"endereco" text,
	"pix_chave" text,
	"pix_tipo" text,
	"pix_nome" text,
	"pix_cidade" text,
	"require_2fa" boolean DEFAULT false NOT NULL,
	"encrypt_documents" boolean DEFAULT false NOT NULL,
	"audit_viewer" boolean DEFAULT true NOT NULL,
	"session_timeout_min" integer DEFAULT 480 NOT NULL,
	"notify_prazos" boolean DEFAULT true NOT NULL,
	"notify_new_clients" boolean DEFAULT true NOT NULL,
	"weekly_report" boolean DEFAULT false NOT NULL,
	"alert_email" text,
	"backup_automatico" boolean DEFAULT true NOT NULL,
	"backup_frequencia" text DEFAULT 'diario' NOT NULL,
	"backup_retencao_dias" integer DEFAULT 30 NOT NULL,
	"smtp_host" text,
	"smtp_port" integer DEFAULT 587 NOT NULL,
	"smtp_security" text DEFAULT 'tls' NOT NULL,
	"smtp_user" text,
	"smtp_password_enc" text,
	"smtp_from" text,
	"smtp_signature" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "office_settings_timeout_check" CHECK ("office_settings"."session_timeout_min" between 5 and 1440),
	CONSTRAINT "office_settings_port_check" CHECK ("office_settings"."smtp_port" between 1 and 65535),
	CONSTRAINT "office_settings_retencao_check" CHECK ("office_settings"."backup_retencao_dias" between 1 and 3650)
);
--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "encrypted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD CONSTRAINT "office_settings_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_settings" ADD CONSTRAINT "office_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;