CREATE TABLE "signature_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"document_versao" integer NOT NULL,
	"document_name" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"message" text,
	"created_by" text,
	"original_sha256" text NOT NULL,
	"verification_code" text NOT NULL,
	"signed_versao" integer,
	"signed_sha256" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_requests_office_id_id_uq" UNIQUE("office_id","id"),
	CONSTRAINT "signature_requests_verification_code_uq" UNIQUE("verification_code"),
	CONSTRAINT "signature_requests_status_check" CHECK ("signature_requests"."status" in ('pendente', 'assinado', 'recusado', 'expirado', 'cancelado')),
	CONSTRAINT "signature_requests_message_len" CHECK (char_length("signature_requests"."message") <= 2000),
	CONSTRAINT "signature_requests_sha256_check" CHECK ("signature_requests"."original_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "signature_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"client_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"cpf" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signed_name" text,
	"signed_cpf" text,
	"ip" text,
	"user_agent" text,
	"refused_at" timestamp with time zone,
	"refusal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_signers_token_hash_uq" UNIQUE("token_hash"),
	CONSTRAINT "signature_signers_request_position_uq" UNIQUE("request_id","position"),
	CONSTRAINT "signature_signers_cpf_check" CHECK ("signature_signers"."cpf" ~ '^[0-9]{11}$'),
	CONSTRAINT "signature_signers_signed_cpf_check" CHECK ("signature_signers"."signed_cpf" ~ '^[0-9]{11}$'),
	CONSTRAINT "signature_signers_name_len" CHECK (char_length("signature_signers"."name") between 1 and 200),
	CONSTRAINT "signature_signers_email_len" CHECK (char_length("signature_signers"."email") between 3 and 254),
	CONSTRAINT "signature_signers_attempts_check" CHECK ("signature_signers"."code_attempts" between 0 and 5),
	CONSTRAINT "signature_signers_user_agent_len" CHECK (char_length("signature_signers"."user_agent") <= 500),
	CONSTRAINT "signature_signers_refusal_len" CHECK (char_length("signature_signers"."refusal_reason") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_requests" ADD CONSTRAINT "signature_requests_office_document_fk" FOREIGN KEY ("office_id","document_id") REFERENCES "public"."documents"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_office_request_fk" FOREIGN KEY ("office_id","request_id") REFERENCES "public"."signature_requests"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_requests_office_document_idx" ON "signature_requests" USING btree ("office_id","document_id","created_at");--> statement-breakpoint
CREATE INDEX "signature_requests_signed_sha256_idx" ON "signature_requests" USING btree ("signed_sha256") WHERE "signature_requests"."signed_sha256" is not null;--> statement-breakpoint
CREATE INDEX "signature_signers_office_client_idx" ON "signature_signers" USING btree ("office_id","client_id");