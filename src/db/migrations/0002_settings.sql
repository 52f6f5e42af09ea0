CREATE TABLE "sign_in_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"success" boolean DEFAULT true NOT NULL,
	"method" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"theme" text DEFAULT 'system' NOT NULL,
	"compact_mode" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'pt-BR' NOT NULL,
	"notify_email" boolean DEFAULT true NOT NULL,
	"notify_push" boolean DEFAULT true NOT NULL,
	"notify_deadlines" boolean DEFAULT true NOT NULL,
	"notify_new_clients" boolean DEFAULT true NOT NULL,
	"notify_weekly_reports" boolean DEFAULT false NOT NULL,
	"display_name" text,
	"bio" text,
	"public_profile" boolean DEFAULT true NOT NULL,
	"data_sharing" boolean DEFAULT false NOT NULL,
	"digital_signature" boolean DEFAULT false NOT NULL,
	"oab_integration" boolean DEFAULT false NOT NULL,
	"oab_estado" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_display_name_len" CHECK (char_length("user_settings"."display_name") <= 80),
	CONSTRAINT "user_settings_bio_len" CHECK (char_length("user_settings"."bio") <= 500)
);
--> statement-breakpoint
ALTER TABLE "sign_in_events" ADD CONSTRAINT "sign_in_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_events_user_created_idx" ON "sign_in_events" USING btree ("user_id","created_at" DESC NULLS LAST);