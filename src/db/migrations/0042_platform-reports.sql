CREATE TABLE "platform_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"period" text NOT NULL,
	"period_from" timestamp with time zone NOT NULL,
	"period_to" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'processando' NOT NULL,
	"error" text,
	"storage_key" text,
	"size" bigint,
	"sha256" text,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "platform_reports_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "platform_reports_kind_check" CHECK ("platform_reports"."kind" in ('usuarios', 'engajamento', 'receita', 'assinaturas')),
	CONSTRAINT "platform_reports_format_check" CHECK ("platform_reports"."format" in ('csv', 'pdf')),
	CONSTRAINT "platform_reports_period_check" CHECK ("platform_reports"."period" in ('30d', '90d', '12m', 'custom')),
	CONSTRAINT "platform_reports_status_check" CHECK ("platform_reports"."status" in ('processando', 'concluido', 'erro')),
	CONSTRAINT "platform_reports_range_check" CHECK ("platform_reports"."period_from" < "platform_reports"."period_to")
);
--> statement-breakpoint
CREATE INDEX "platform_reports_created_idx" ON "platform_reports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);