CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_user_id" text NOT NULL,
	"addressee_user_id" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "connections_status_check" CHECK ("connections"."status" in ('pendente', 'aceita', 'recusada')),
	CONSTRAINT "connections_not_self" CHECK ("connections"."requester_user_id" <> "connections"."addressee_user_id")
);
--> statement-breakpoint
CREATE TABLE "content_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_user_id" text,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"motivo" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"decision" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reports_target_type_check" CHECK ("content_reports"."target_type" in ('profile', 'review', 'job')),
	CONSTRAINT "content_reports_status_check" CHECK ("content_reports"."status" in ('pendente', 'resolvida')),
	CONSTRAINT "content_reports_motivo_len" CHECK (char_length("content_reports"."motivo") between 1 and 1000),
	CONSTRAINT "content_reports_decision_len" CHECK (char_length("content_reports"."decision") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "oab_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"motivo" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oab_verifications_status_check" CHECK ("oab_verifications"."status" in ('pendente', 'aprovada', 'rejeitada')),
	CONSTRAINT "oab_verifications_motivo_len" CHECK (char_length("oab_verifications"."motivo") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "profile_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_user_id" text NOT NULL,
	"client_id" uuid,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"telefone" text,
	"mensagem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_contacts_nome_len" CHECK (char_length("profile_contacts"."nome") between 1 and 160),
	CONSTRAINT "profile_contacts_email_len" CHECK (char_length("profile_contacts"."email") <= 254),
	CONSTRAINT "profile_contacts_mensagem_len" CHECK (char_length("profile_contacts"."mensagem") between 1 and 3000)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_user_id" text NOT NULL,
	"reviewer_user_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"texto" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_lawyer_reviewer_uq" UNIQUE("lawyer_user_id","reviewer_user_id"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_texto_len" CHECK (char_length("reviews"."texto") between 1 and 2000),
	CONSTRAINT "reviews_not_self" CHECK ("reviews"."lawyer_user_id" <> "reviews"."reviewer_user_id")
);
--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_addressee_user_id_users_id_fk" FOREIGN KEY ("addressee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oab_verifications" ADD CONSTRAINT "oab_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_contacts" ADD CONSTRAINT "profile_contacts_lawyer_user_id_users_id_fk" FOREIGN KEY ("lawyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_contacts" ADD CONSTRAINT "profile_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_lawyer_user_id_users_id_fk" FOREIGN KEY ("lawyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_pair_uq" ON "connections" USING btree (least("requester_user_id", "addressee_user_id"),greatest("requester_user_id", "addressee_user_id"));--> statement-breakpoint
CREATE INDEX "connections_requester_status_idx" ON "connections" USING btree ("requester_user_id","status");--> statement-breakpoint
CREATE INDEX "connections_addressee_status_idx" ON "connections" USING btree ("addressee_user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_open_uq" ON "content_reports" USING btree ("reporter_user_id","target_type","target_id") WHERE "content_reports"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "content_reports_status_created_idx" ON "content_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_reports_target_idx" ON "content_reports" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oab_verifications_one_pending_uq" ON "oab_verifications" USING btree ("user_id") WHERE "oab_verifications"."status" = 'pendente';--> statement-breakpoint
CREATE INDEX "oab_verifications_user_created_idx" ON "oab_verifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "oab_verifications_status_created_idx" ON "oab_verifications" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profile_contacts_lawyer_created_idx" ON "profile_contacts" USING btree ("lawyer_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_lawyer_visible_idx" ON "reviews" USING btree ("lawyer_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" is null;