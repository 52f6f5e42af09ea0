CREATE TABLE "portal_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"status" text DEFAULT 'convidado' NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"invited_by" text,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"last_access_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "portal_access_office_client_uq" UNIQUE("office_id","client_id"),
	CONSTRAINT "portal_access_office_id_id_uq" UNIQUE("office_id","id"),
	CONSTRAINT "portal_access_status_check" CHECK ("portal_access"."status" in ('convidado', 'ativo', 'revogado')),
	CONSTRAINT "portal_access_email_len" CHECK (char_length("portal_access"."email") <= 254)
);
--> statement-breakpoint
CREATE TABLE "portal_message_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"message_id" uuid,
	"uploaded_by" text,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"encrypted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_message_files_name_len" CHECK (char_length("portal_message_files"."file_name") <= 255)
);
--> statement-breakpoint
CREATE TABLE "portal_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"case_id" uuid,
	"author" text NOT NULL,
	"author_user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "portal_messages_office_id_id_uq" UNIQUE("office_id","id"),
	CONSTRAINT "portal_messages_author_check" CHECK ("portal_messages"."author" in ('cliente', 'escritorio')),
	CONSTRAINT "portal_messages_body_len" CHECK (char_length("portal_messages"."body") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "compartilhado_cliente" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "visivel_cliente" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_access" ADD CONSTRAINT "portal_access_office_client_fk" FOREIGN KEY ("office_id","client_id") REFERENCES "public"."clients"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_message_files" ADD CONSTRAINT "portal_message_files_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_message_files" ADD CONSTRAINT "portal_message_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_message_files" ADD CONSTRAINT "portal_message_files_office_client_fk" FOREIGN KEY ("office_id","client_id") REFERENCES "public"."clients"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_message_files" ADD CONSTRAINT "portal_message_files_office_message_fk" FOREIGN KEY ("office_id","message_id") REFERENCES "public"."portal_messages"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_office_client_fk" FOREIGN KEY ("office_id","client_id") REFERENCES "public"."clients"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_messages" ADD CONSTRAINT "portal_messages_office_case_fk" FOREIGN KEY ("office_id","case_id") REFERENCES "public"."cases"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_access_token_hash_uq" ON "portal_access" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_access_user_idx" ON "portal_access" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "portal_message_files_message_idx" ON "portal_message_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "portal_messages_thread_idx" ON "portal_messages" USING btree ("office_id","client_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "portal_messages_unread_idx" ON "portal_messages" USING btree ("office_id","client_id") WHERE "portal_messages"."author" = 'cliente' and "portal_messages"."read_at" is null;--> statement-breakpoint
-- 'Visível ao cliente' starts on for the hearings of a case (issue 26), off for everything else.
UPDATE "events" SET "visivel_cliente" = true WHERE "tipo" = 'audiencia' AND "case_id" IS NOT NULL;
