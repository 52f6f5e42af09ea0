CREATE TABLE "report_case_hours_months" (
	"office_id" uuid NOT NULL,
	"mes" date NOT NULL,
	"case_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"minutos" bigint NOT NULL,
	"faturaveis" bigint NOT NULL,
	CONSTRAINT "report_case_hours_months_office_id_mes_case_id_pk" PRIMARY KEY("office_id","mes","case_id")
);
--> statement-breakpoint
CREATE TABLE "report_case_months" (
	"office_id" uuid NOT NULL,
	"mes" date NOT NULL,
	"casos" integer NOT NULL,
	CONSTRAINT "report_case_months_office_id_mes_pk" PRIMARY KEY("office_id","mes")
);
--> statement-breakpoint
ALTER TABLE "report_case_hours_months" ADD CONSTRAINT "report_case_hours_months_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_case_months" ADD CONSTRAINT "report_case_months_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_case_hours_months_top_idx" ON "report_case_hours_months" USING btree ("office_id","mes","minutos" DESC NULLS LAST,"case_id");
--> statement-breakpoint
-- Decision 019: report_hours_rollup (migrations 0031, 0032) also keeps the per-case hours of each whole month
-- (report_case_hours_months) and how many cases each month has (report_case_months), exactly like the yearly
-- ones: the hours report's cases of a whole calendar month come from a range of the rollup's index.
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
    WITH up AS (
      INSERT INTO report_case_hours_years AS r (office_id, ano, case_id, n, minutos, faturaveis)
      SELECT d.office_id, extract(year FROM d.data)::int, d.case_id, sum(d.n), sum(d.minutos), sum(d.fat)
      FROM (SELECT x.office_id, x.data, x.member_id, x.case_id, 1 AS n, 1 * x.minutos AS minutos,
             1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM new_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL) d JOIN offices o ON o.id = d.office_id
      GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.minutos) <> 0 OR sum(d.fat) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (office_id, ano, case_id) DO UPDATE
        SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis
      RETURNING r.office_id, r.ano, (r.xmax = 0) AS created
    )
    INSERT INTO report_case_years AS t (office_id, ano, casos)
    SELECT office_id, ano, count(*) FROM up WHERE created GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (office_id, ano) DO UPDATE SET casos = t.casos + excluded.casos;
    WITH up AS (
      INSERT INTO report_case_hours_months AS r (office_id, mes, case_id, n, minutos, faturaveis)
      SELECT d.office_id, date_trunc('month', d.data::timestamp)::date, d.case_id, sum(d.n), sum(d.minutos), sum(d.fat)
      FROM (SELECT x.office_id, x.data, x.member_id, x.case_id, 1 AS n, 1 * x.minutos AS minutos,
             1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM new_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL) d JOIN offices o ON o.id = d.office_id
      GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.minutos) <> 0 OR sum(d.fat) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (office_id, mes, case_id) DO UPDATE
        SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis
      RETURNING r.office_id, r.mes, (r.xmax = 0) AS created
    )
    INSERT INTO report_case_months AS t (office_id, mes, casos)
    SELECT office_id, mes, count(*) FROM up WHERE created GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (office_id, mes) DO UPDATE SET casos = t.casos + excluded.casos;
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
    WITH up AS (
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
        SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis
      RETURNING r.office_id, r.ano, (r.xmax = 0) AS created
    )
    INSERT INTO report_case_years AS t (office_id, ano, casos)
    SELECT office_id, ano, count(*) FROM up WHERE created GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (office_id, ano) DO UPDATE SET casos = t.casos + excluded.casos;
    WITH up AS (
      INSERT INTO report_case_hours_months AS r (office_id, mes, case_id, n, minutos, faturaveis)
      SELECT d.office_id, date_trunc('month', d.data::timestamp)::date, d.case_id, sum(d.n), sum(d.minutos), sum(d.fat)
      FROM (SELECT x.office_id, x.data, x.member_id, x.case_id, 1 AS n, 1 * x.minutos AS minutos,
             1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM new_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL
      UNION ALL SELECT x.office_id, x.data, x.member_id, x.case_id, -1 AS n, -1 * x.minutos AS minutos,
             -1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM old_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL) d JOIN offices o ON o.id = d.office_id
      GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.minutos) <> 0 OR sum(d.fat) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (office_id, mes, case_id) DO UPDATE
        SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis
      RETURNING r.office_id, r.mes, (r.xmax = 0) AS created
    )
    INSERT INTO report_case_months AS t (office_id, mes, casos)
    SELECT office_id, mes, count(*) FROM up WHERE created GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (office_id, mes) DO UPDATE SET casos = t.casos + excluded.casos;
    DELETE FROM report_hours_months r USING (SELECT DISTINCT office_id, date_trunc('month', data::timestamp)::date AS mes, member_id FROM old_rows) k
    WHERE r.office_id = k.office_id AND r.mes = k.mes AND r.member_id = k.member_id AND r.n = 0;
    WITH gone AS (
      DELETE FROM report_case_hours_years r USING (SELECT DISTINCT office_id, extract(year FROM data)::int AS ano, case_id FROM old_rows) k
      WHERE r.office_id = k.office_id AND r.ano = k.ano AND r.case_id = k.case_id AND r.n = 0
      RETURNING r.office_id, r.ano
    )
    INSERT INTO report_case_years AS t (office_id, ano, casos)
    SELECT office_id, ano, -count(*) FROM gone GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (office_id, ano) DO UPDATE SET casos = t.casos + excluded.casos;
    WITH gone AS (
      DELETE FROM report_case_hours_months r USING (SELECT DISTINCT office_id, date_trunc('month', data::timestamp)::date AS mes, case_id FROM old_rows) k
      WHERE r.office_id = k.office_id AND r.mes = k.mes AND r.case_id = k.case_id AND r.n = 0
      RETURNING r.office_id, r.mes
    )
    INSERT INTO report_case_months AS t (office_id, mes, casos)
    SELECT office_id, mes, -count(*) FROM gone GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (office_id, mes) DO UPDATE SET casos = t.casos + excluded.casos;
  ELSE
    INSERT INTO report_hours_months AS r (office_id, mes, member_id, n, minutos, faturaveis)
    SELECT d.office_id, date_trunc('month', d.data::timestamp)::date, d.member_id, sum(d.n), sum(d.minutos), sum(d.fat)
    FROM (SELECT x.office_id, x.data, x.member_id, x.case_id, -1 AS n, -1 * x.minutos AS minutos,
             -1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM old_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL) d JOIN offices o ON o.id = d.office_id
    GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.minutos) <> 0 OR sum(d.fat) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (office_id, mes, member_id) DO UPDATE
      SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis;
    WITH up AS (
      INSERT INTO report_case_hours_years AS r (office_id, ano, case_id, n, minutos, faturaveis)
      SELECT d.office_id, extract(year FROM d.data)::int, d.case_id, sum(d.n), sum(d.minutos), sum(d.fat)
      FROM (SELECT x.office_id, x.data, x.member_id, x.case_id, -1 AS n, -1 * x.minutos AS minutos,
             -1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM old_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL) d JOIN offices o ON o.id = d.office_id
      GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.minutos) <> 0 OR sum(d.fat) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (office_id, ano, case_id) DO UPDATE
        SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis
      RETURNING r.office_id, r.ano, (r.xmax = 0) AS created
    )
    INSERT INTO report_case_years AS t (office_id, ano, casos)
    SELECT office_id, ano, count(*) FROM up WHERE created GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (office_id, ano) DO UPDATE SET casos = t.casos + excluded.casos;
    WITH up AS (
      INSERT INTO report_case_hours_months AS r (office_id, mes, case_id, n, minutos, faturaveis)
      SELECT d.office_id, date_trunc('month', d.data::timestamp)::date, d.case_id, sum(d.n), sum(d.minutos), sum(d.fat)
      FROM (SELECT x.office_id, x.data, x.member_id, x.case_id, -1 AS n, -1 * x.minutos AS minutos,
             -1 * CASE WHEN x.faturavel THEN x.minutos ELSE 0 END AS fat
      FROM old_rows x WHERE x.deleted_at IS NULL AND x.minutos IS NOT NULL) d JOIN offices o ON o.id = d.office_id
      GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 OR sum(d.minutos) <> 0 OR sum(d.fat) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (office_id, mes, case_id) DO UPDATE
        SET n = r.n + excluded.n, minutos = r.minutos + excluded.minutos, faturaveis = r.faturaveis + excluded.faturaveis
      RETURNING r.office_id, r.mes, (r.xmax = 0) AS created
    )
    INSERT INTO report_case_months AS t (office_id, mes, casos)
    SELECT office_id, mes, count(*) FROM up WHERE created GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (office_id, mes) DO UPDATE SET casos = t.casos + excluded.casos;
    DELETE FROM report_hours_months r USING (SELECT DISTINCT office_id, date_trunc('month', data::timestamp)::date AS mes, member_id FROM old_rows) k
    WHERE r.office_id = k.office_id AND r.mes = k.mes AND r.member_id = k.member_id AND r.n = 0;
    WITH gone AS (
      DELETE FROM report_case_hours_years r USING (SELECT DISTINCT office_id, extract(year FROM data)::int AS ano, case_id FROM old_rows) k
      WHERE r.office_id = k.office_id AND r.ano = k.ano AND r.case_id = k.case_id AND r.n = 0
      RETURNING r.office_id, r.ano
    )
    INSERT INTO report_case_years AS t (office_id, ano, casos)
    SELECT office_id, ano, -count(*) FROM gone GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (office_id, ano) DO UPDATE SET casos = t.casos + excluded.casos;
    WITH gone AS (
      DELETE FROM report_case_hours_months r USING (SELECT DISTINCT office_id, date_trunc('month', data::timestamp)::date AS mes, case_id FROM old_rows) k
      WHERE r.office_id = k.office_id AND r.mes = k.mes AND r.case_id = k.case_id AND r.n = 0
      RETURNING r.office_id, r.mes
    )
    INSERT INTO report_case_months AS t (office_id, mes, casos)
    SELECT office_id, mes, -count(*) FROM gone GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (office_id, mes) DO UPDATE SET casos = t.casos + excluded.casos;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO report_case_hours_months (office_id, mes, case_id, n, minutos, faturaveis)
SELECT office_id, date_trunc('month', data::timestamp)::date, case_id, count(*), sum(minutos),
       coalesce(sum(minutos) FILTER (WHERE faturavel), 0)
FROM time_entries WHERE deleted_at IS NULL AND minutos IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_case_months (office_id, mes, casos)
SELECT office_id, mes, count(*) FROM report_case_hours_months GROUP BY 1, 2;
