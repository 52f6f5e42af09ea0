CREATE TABLE "analytics_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"bounces" integer DEFAULT 0 NOT NULL,
	"duration_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_devices" (
	"day" date NOT NULL,
	"device" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_devices_day_device_pk" PRIMARY KEY("day","device"),
	CONSTRAINT "analytics_devices_device_check" CHECK ("analytics_devices"."device" in ('desktop', 'mobile', 'tablet'))
);
--> statement-breakpoint
CREATE TABLE "analytics_flows" (
	"day" date NOT NULL,
	"from_pattern" text NOT NULL,
	"to_pattern" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_flows_day_from_pattern_to_pattern_pk" PRIMARY KEY("day","from_pattern","to_pattern")
);
--> statement-breakpoint
CREATE TABLE "analytics_page_views" (
	"day" date NOT NULL,
	"pattern" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_page_views_day_pattern_pk" PRIMARY KEY("day","pattern")
);
--> statement-breakpoint
CREATE TABLE "analytics_visits" (
	"visit_id" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 1 NOT NULL,
	"entry_pattern" text NOT NULL,
	"last_pattern" text NOT NULL,
	"device" text NOT NULL,
	CONSTRAINT "analytics_visits_device_check" CHECK ("analytics_visits"."device" in ('desktop', 'mobile', 'tablet'))
);
--> statement-breakpoint
CREATE INDEX "analytics_visits_last_seen_idx" ON "analytics_visits" USING btree ("last_seen");--> statement-breakpoint
CREATE INDEX "analytics_visits_day_idx" ON "analytics_visits" USING btree ("day");