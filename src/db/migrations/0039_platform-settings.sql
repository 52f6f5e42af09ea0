CREATE TABLE "platform_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"platform_name" text DEFAULT 'JusConecta' NOT NULL,
	"base_url" text,
	"maintenance_mode" boolean DEFAULT false NOT NULL,
	"signups_open" boolean DEFAULT true NOT NULL,
	"smtp_host" text,
	"smtp_port" integer DEFAULT 587 NOT NULL,
	"smtp_secure" boolean DEFAULT false NOT NULL,
	"smtp_user" text,
	"smtp_password_enc" text,
	"smtp_from" text,
	"payment_provider" text DEFAULT 'mercado_pago' NOT NULL,
	"monthly_price" numeric(14, 2) DEFAULT '97.00' NOT NULL,
	"trial_days" integer DEFAULT 7 NOT NULL,
	"annual_discount" integer DEFAULT 20 NOT NULL,
	"auto_billing" boolean DEFAULT true NOT NULL,
	"require_2fa_admins" boolean DEFAULT false NOT NULL,
	"audit_logs" boolean DEFAULT true NOT NULL,
	"session_timeout_min" integer DEFAULT 120 NOT NULL,
	"login_attempts" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "platform_settings_singleton" CHECK ("platform_settings"."id" = 1),
	CONSTRAINT "platform_settings_port_check" CHECK ("platform_settings"."smtp_port" between 1 and 65535),
	CONSTRAINT "platform_settings_price_check" CHECK ("platform_settings"."monthly_price" >= 0),
	CONSTRAINT "platform_settings_trial_check" CHECK ("platform_settings"."trial_days" between 0 and 365),
	CONSTRAINT "platform_settings_discount_check" CHECK ("platform_settings"."annual_discount" between 0 and 100),
	CONSTRAINT "platform_settings_timeout_check" CHECK ("platform_settings"."session_timeout_min" between 5 and 1440),
	CONSTRAINT "platform_settings_attempts_check" CHECK ("platform_settings"."login_attempts" between 3 and 20)
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The one row, with spec §9's values (the service only ever updates it).
INSERT INTO "platform_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Every node caches the row (platform-settings.cache.server.ts) and listens on jc_auth_change (ADR 009):
-- a change announces a payload that is no user id, which evicts exactly that cache entry on every node.
CREATE OR REPLACE FUNCTION jc_notify_platform_settings_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jc_auth_change', 'jc:platform-settings');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER platform_settings_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON platform_settings
  FOR EACH STATEMENT EXECUTE FUNCTION jc_notify_platform_settings_change();
