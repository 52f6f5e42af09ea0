CREATE TABLE "report_case_hours_years" (
	"office_id" uuid NOT NULL,
	"ano" integer NOT NULL,
	"case_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"minutos" bigint NOT NULL,
	"faturaveis" bigint NOT NULL,
	CONSTRAINT "report_case_hours_years_office_id_ano_case_id_pk" PRIMARY KEY("office_id","ano","case_id")
);
--> statement-breakpoint
CREATE TABLE "report_hours_months" (
	"office_id" uuid NOT NULL,
	"mes" date NOT NULL,
	"member_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"minutos" bigint NOT NULL,
	"faturaveis" bigint NOT NULL,
	CONSTRAINT "report_hours_months_office_id_mes_member_id_pk" PRIMARY KEY("office_id","mes","member_id")
);
--> statement-breakpoint
CREATE TABLE "report_paid_months" (
	"office_id" uuid NOT NULL,
	"mes" date NOT NULL,
	"tipo" text NOT NULL,
	"area" text NOT NULL,
	"n" integer NOT NULL,
	"total" numeric(20, 2) NOT NULL,
	CONSTRAINT "report_paid_months_office_id_mes_tipo_area_pk" PRIMARY KEY("office_id","mes","tipo","area")
);
--> statement-breakpoint
ALTER TABLE "report_case_hours_years" ADD CONSTRAINT "report_case_hours_years_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_hours_months" ADD CONSTRAINT "report_hours_months_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_paid_months" ADD CONSTRAINT "report_paid_months_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_case_hours_years_top_idx" ON "report_case_hours_years" USING btree ("office_id","ano","minutos" DESC NULLS LAST,"case_id");--> statement-breakpoint
CREATE INDEX "time_entries_office_case_idx" ON "time_entries" USING btree ("office_id","case_id","data");
--> statement-breakpoint
-- Decision 019: the rollups above are kept by the database itself, in the same transaction as every change of
-- the rows they sum. Statement triggers with transition tables (like crm_counters, migration 0009): one grouped
-- upsert per statement and rollup, rows locked in key order (no deadlock between two statements); a row that
-- falls to n = 0 is deleted. Rows of an office that no longer exists (its deletion cascading to the entries)
-- are skipped: the rollups' own cascade removes them.
CREATE OR REPLACE FUNCTION report_hours_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_hours_months AS r (office_id, mes, member_id, n, minutos, faturaveis)
    SELECT d.office_id, date_trunc('month', d.data::timestamp)::date, d.member_id, sum(d.n), sum(d.minutos), sum(d.fat)
    FROM (SELECT x.office_id, x.data, x.member_id, x.case_id, 1 AS n, 1 * x.minutos AS minutos,
             1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM new_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL) d JOIN offices o ON o.id = d.office_id
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.minutos) <> 0 OR sum(d.fat) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (office_id, mes, member_id) DO UPDATE
      SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis;
    INSERT INTO report_case_hours_years AS r (office_id, ano, case_id, n, minutos, faturaveis)
    SELECT d.office_id, extract(year FROM d.data)::int, d.case_id, sum(d.n), sum(d.minutos), sum(d.fat)
    FROM (SELECT x.office_id, x.data, x.member_id, x.case_id, 1 AS n, 1 * x.minutos AS minutos,
             1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM new_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL) d JOIN offices o ON o.id = d.office_id
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.minutos) <> 0 OR sum(d.fat) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (office_id, ano, case_id) DO UPDATE
      SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO report_hours_months AS r (office_id, mes, member_id, n, minutos, faturaveis)
    SELECT d.office_id, date_trunc('month', d.data::timestamp)::date, d.member_id, sum(d.n), sum(d.minutos), sum(d.fat)
    FROM (SELECT x.office_id, x.data, x.member_id, x.case_id, 1 AS n, 1 * x.minutos AS minutos,
             1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM new_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL
      UNION ALL SELECT x.office_id, x.data, x.member_id, x.case_id, -1 AS n, -1 * x.minutos AS minutos,
             -1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM old_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL) d JOIN offices o ON o.id = d.office_id
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.minutos) <> 0 OR sum(d.fat) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (office_id, mes, member_id) DO UPDATE
      SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis;
    INSERT INTO report_case_hours_years AS r (office_id, ano, case_id, n, minutos, faturaveis)
    SELECT d.office_id, extract(year FROM d.data)::int, d.case_id, sum(d.n), sum(d.minutos), sum(d.fat)
    FROM (SELECT x.office_id, x.data, x.member_id, x.case_id, 1 AS n, 1 * x.minutos AS minutos,
             1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM new_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL
      UNION ALL SELECT x.office_id, x.data, x.member_id, x.case_id, -1 AS n, -1 * x.minutos AS minutos,
             -1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM old_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL) d JOIN offices o ON o.id = d.office_id
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.minutos) <> 0 OR sum(d.fat) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (office_id, ano, case_id) DO UPDATE
      SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis;
    DELETE FROM report_hours_months r USING (SELECT DISTINCT office_id, date_trunc('month', data::timestamp)::date AS mes, member_id FROM old_rows) k
    WHERE r.office_id = k.office_id AND r.mes = k.mes AND r.member_id = k.member_id AND r.n = 0;
    DELETE FROM report_case_hours_years r USING (SELECT DISTINCT office_id, extract(year FROM data)::int AS ano, case_id FROM old_rows) k
    WHERE r.office_id = k.office_id AND r.ano = k.ano AND r.case_id = k.case_id AND r.n = 0;
  ELSE
    INSERT INTO report_hours_months AS r (office_id, mes, member_id, n, minutos, faturaveis)
    SELECT d.office_id, date_trunc('month', d.data::timestamp)::date, d.member_id, sum(d.n), sum(d.minutos), sum(d.fat)
    FROM (SELECT x.office_id, x.data, x.member_id, x.case_id, -1 AS n, -1 * x.minutos AS minutos,
             -1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM old_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL) d JOIN offices o ON o.id = d.office_id
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.minutos) <> 0 OR sum(d.fat) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (office_id, mes, member_id) DO UPDATE
      SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis;
    INSERT INTO report_case_hours_years AS r (office_id, ano, case_id, n, minutos, faturaveis)
    SELECT d.office_id, extract(year FROM d.data)::int, d.case_id, sum(d.n), sum(d.minutos), sum(d.fat)
    FROM (SELECT x.office_id, x.data, x.member_id, x.case_id, -1 AS n, -1 * x.minutos AS minutos,
             -1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM old_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL) d JOIN offices o ON o.id = d.office_id
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.minutos) <> 0 OR sum(d.fat) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (office_id, ano, case_id) DO UPDATE
      SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis;
    DELETE FROM report_hours_months r USING (SELECT DISTINCT office_id, date_trunc('month', data::timestamp)::date AS mes, member_id FROM old_rows) k
    WHERE r.office_id = k.office_id AND r.mes = k.mes AND r.member_id = k.member_id AND r.n = 0;
    DELETE FROM report_case_hours_years r USING (SELECT DISTINCT office_id, extract(year FROM data)::int AS ano, case_id FROM old_rows) k
    WHERE r.office_id = k.office_id AND r.ano = k.ano AND r.case_id = k.case_id AND r.n = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER time_entries_report_insert AFTER INSERT ON time_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_hours_rollup();
--> statement-breakpoint
CREATE TRIGGER time_entries_report_update AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_hours_rollup();
--> statement-breakpoint
CREATE TRIGGER time_entries_report_delete AFTER DELETE ON time_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_hours_rollup();
--> statement-breakpoint
-- Paid entries per month, type and the area of their case as it is now ('' = no case).
CREATE OR REPLACE FUNCTION report_paid_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_paid_months AS r (office_id, mes, tipo, area, n, total)
    SELECT d.office_id, date_trunc('month', d.data_pagamento::timestamp)::date, d.tipo, d.area, sum(d.n), sum(d.total)
    FROM (SELECT x.office_id, x.data_pagamento, x.tipo, coalesce(c.area_juridica, '') AS area, 1 AS n, 1 * x.valor AS total
      FROM new_rows x LEFT JOIN cases c ON c.office_id = x.office_id AND c.id = x.case_id
      WHERE x.deleted_at IS NULL AND x.status = 'pago') d JOIN offices o ON o.id = d.office_id
    GROUP BY 1, 2, 3, 4 HAVING sum(d.n) <> 0 OR sum(d.total) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (office_id, mes, tipo, area) DO UPDATE SET n = r.n + excluded.n, total = r.total + excluded.total;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO report_paid_months AS r (office_id, mes, tipo, area, n, total)
    SELECT d.office_id, date_trunc('month', d.data_pagamento::timestamp)::date, d.tipo, d.area, sum(d.n), sum(d.total)
    FROM (SELECT x.office_id, x.data_pagamento, x.tipo, coalesce(c.area_juridica, '') AS area, 1 AS n, 1 * x.valor AS total
      FROM new_rows x LEFT JOIN cases c ON c.office_id = x.office_id AND c.id = x.case_id
      WHERE x.deleted_at IS NULL AND x.status = 'pago'
      UNION ALL SELECT x.office_id, x.data_pagamento, x.tipo, coalesce(c.area_juridica, '') AS area, -1 AS n, -1 * x.valor AS total
      FROM old_rows x LEFT JOIN cases c ON c.office_id = x.office_id AND c.id = x.case_id
      WHERE x.deleted_at IS NULL AND x.status = 'pago') d JOIN offices o ON o.id = d.office_id
    GROUP BY 1, 2, 3, 4 HAVING sum(d.n) <> 0 OR sum(d.total) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (office_id, mes, tipo, area) DO UPDATE SET n = r.n + excluded.n, total = r.total + excluded.total;
    DELETE FROM report_paid_months r USING (SELECT DISTINCT office_id, date_trunc('month', data_pagamento::timestamp)::date AS mes FROM old_rows WHERE data_pagamento IS NOT NULL) k
    WHERE r.office_id = k.office_id AND r.mes = k.mes AND r.n = 0;
  ELSE
    INSERT INTO report_paid_months AS r (office_id, mes, tipo, area, n, total)
    SELECT d.office_id, date_trunc('month', d.data_pagamento::timestamp)::date, d.tipo, d.area, sum(d.n), sum(d.total)
    FROM (SELECT x.office_id, x.data_pagamento, x.tipo, coalesce(c.area_juridica, '') AS area, -1 AS n, -1 * x.valor AS total
      FROM old_rows x LEFT JOIN cases c ON c.office_id = x.office_id AND c.id = x.case_id
      WHERE x.deleted_at IS NULL AND x.status = 'pago') d JOIN offices o ON o.id = d.office_id
    GROUP BY 1, 2, 3, 4 HAVING sum(d.n) <> 0 OR sum(d.total) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (office_id, mes, tipo, area) DO UPDATE SET n = r.n + excluded.n, total = r.total + excluded.total;
    DELETE FROM report_paid_months r USING (SELECT DISTINCT office_id, date_trunc('month', data_pagamento::timestamp)::date AS mes FROM old_rows WHERE data_pagamento IS NOT NULL) k
    WHERE r.office_id = k.office_id AND r.mes = k.mes AND r.n = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER financial_entries_report_insert AFTER INSERT ON financial_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_paid_rollup();
--> statement-breakpoint
CREATE TRIGGER financial_entries_report_update AFTER UPDATE ON financial_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_paid_rollup();
--> statement-breakpoint
CREATE TRIGGER financial_entries_report_delete AFTER DELETE ON financial_entries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_paid_rollup();
--> statement-breakpoint
-- A case whose area changes takes its paid entries' sums to the new area.
CREATE OR REPLACE FUNCTION report_paid_move_area() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_paid_months AS r (office_id, mes, tipo, area, n, total)
  SELECT fe.office_id, date_trunc('month', fe.data_pagamento::timestamp)::date, fe.tipo, a.area, sum(a.sign), sum(a.sign * fe.valor)
  FROM financial_entries fe
  CROSS JOIN (VALUES (OLD.area_juridica::text, -1), (NEW.area_juridica::text, 1)) AS a(area, sign)
  WHERE fe.office_id = NEW.office_id AND fe.case_id = NEW.id AND fe.deleted_at IS NULL AND fe.status = 'pago'
    AND EXISTS (SELECT 1 FROM offices o WHERE o.id = NEW.office_id)
  GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (office_id, mes, tipo, area) DO UPDATE SET n = r.n + excluded.n, total = r.total + excluded.total;
  DELETE FROM report_paid_months WHERE office_id = NEW.office_id AND area = OLD.area_juridica AND n = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cases_report_paid_area AFTER UPDATE OF area_juridica ON cases FOR EACH ROW
  WHEN (OLD.area_juridica IS DISTINCT FROM NEW.area_juridica) EXECUTE FUNCTION report_paid_move_area();
--> statement-breakpoint
-- The rows that existed before this migration.
INSERT INTO report_hours_months (office_id, mes, member_id, n, minutos, faturaveis)
SELECT office_id, date_trunc('month', data::timestamp)::date, member_id, count(*), sum(minutos),
       coalesce(sum(minutos) FILTER (WHERE faturavel), 0)
FROM time_entries WHERE deleted_at IS NULL AND minutos IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_case_hours_years (office_id, ano, case_id, n, minutos, faturaveis)
SELECT office_id, extract(year FROM data)::int, case_id, count(*), sum(minutos),
       coalesce(sum(minutos) FILTER (WHERE faturavel), 0)
FROM time_entries WHERE deleted_at IS NULL AND minutos IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_paid_months (office_id, mes, tipo, area, n, total)
SELECT x.office_id, date_trunc('month', x.data_pagamento::timestamp)::date, x.tipo, coalesce(c.area_juridica, ''),
       count(*), sum(x.valor)
FROM financial_entries x LEFT JOIN cases c ON c.office_id = x.office_id AND c.id = x.case_id
WHERE x.deleted_at IS NULL AND x.status = 'pago' GROUP BY 1, 2, 3, 4;
