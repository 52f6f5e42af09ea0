CREATE TABLE "report_case_years" (
	"office_id" uuid NOT NULL,
	"ano" integer NOT NULL,
	"casos" integer NOT NULL,
	CONSTRAINT "report_case_years_office_id_ano_pk" PRIMARY KEY("office_id","ano")
);
--> statement-breakpoint
ALTER TABLE "report_case_years" ADD CONSTRAINT "report_case_years_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Decision 019: report_hours_rollup (migration 0031) also counts, per office and year, the cases that have
-- hours (report_case_years): +1 when an upsert creates a case's year row (xmax = 0: inserted, not updated —
-- decided under the row lock, so two concurrent statements never both count the same case), -1 when one falls
-- to n = 0 and is deleted.
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
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO report_case_years (office_id, ano, casos)
SELECT office_id, ano, count(*) FROM report_case_hours_years GROUP BY 1, 2;
