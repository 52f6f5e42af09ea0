/**
 * Hand-checked cases for the deadline engine (lib/br/deadline.ts), worked out with the calendars below
 * (weeks start on Sunday) and the rules of issue 9, before running the engine. Notation in each
 * comment: "disp" = disponibilização, "pub" = publicação, "(n)" = n-th counted dia útil, "x" = skipped.
 *
 * Holidays used (national unless marked): 2023: 15/11 Wed, 20/11 Mon NOT national yet (RJ state law).
 * 2024: Carnaval 12–13/02, Ash Wed 14/02, 20/11 Wed (national from 2024), 25/12 Wed. 2025: 01/01 Wed,
 * 25/12 Thu. 2026: 01/01 Thu, Carnaval 16–17/02, Ash Wed 18/02 (business day, late opening), Good
 * Friday 03/04, Tiradentes 21/04 Tue, 01/05 Fri, Corpus Christi 04/06 Thu, 07/09 Mon, 12/10 Mon,
 * 02/11 Mon, 15/11 Sun, 20/11 Fri, 25/12 Fri. 2027: 01/01 Fri. 2028: Carnaval 28–29/02 (leap day),
 * Ash Wed 01/03. Court calendars (lib/br/court-calendars.ts): TJSP 09/07; TJRJ 23/04 and 20/11 before
 * 2024; TRF1–6: 20/12–06/01, Holy Wed/Thu (2026: 01–02/04), 11/08, 01/11, 08/12.
 * Suspension (CPC art. 220): 20/12–20/01 inclusive, running only; publication is not postponed.
 *
 *    November 2023           January 2024          February 2024          November 2024
 * Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa
 *           1  2  3  4       1  2  3  4  5  6                1  2  3                   1  2
 *  5  6  7  8  9 10 11    7  8  9 10 11 12 13    4  5  6  7  8  9 10    3  4  5  6  7  8  9
 * 12 13 14 15 16 17 18   14 15 16 17 18 19 20   11 12 13 14 15 16 17   10 11 12 13 14 15 16
 * 19 20 21 22 23 24 25   21 22 23 24 25 26 27   18 19 20 21 22 23 24   17 18 19 20 21 22 23
 * 26 27 28 29 30         28 29 30 31            25 26 27 28 29         24 25 26 27 28 29 30
 *
 *    December 2024           January 2025          December 2025           January 2026
 * Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa
 *  1  2  3  4  5  6  7             1  2  3  4       1  2  3  4  5  6                1  2  3
 *  8  9 10 11 12 13 14    5  6  7  8  9 10 11    7  8  9 10 11 12 13    4  5  6  7  8  9 10
 * 15 16 17 18 19 20 21   12 13 14 15 16 17 18   14 15 16 17 18 19 20   11 12 13 14 15 16 17
 * 22 23 24 25 26 27 28   19 20 21 22 23 24 25   21 22 23 24 25 26 27   18 19 20 21 22 23 24
 * 29 30 31               26 27 28 29 30 31      28 29 30 31            25 26 27 28 29 30 31
 *
 *    February 2026            March 2026             April 2026              May 2026
 * Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa
 *  1  2  3  4  5  6  7    1  2  3  4  5  6  7             1  2  3  4                   1  2
 *  8  9 10 11 12 13 14    8  9 10 11 12 13 14    5  6  7  8  9 10 11    3  4  5  6  7  8  9
 * 15 16 17 18 19 20 21   15 16 17 18 19 20 21   12 13 14 15 16 17 18   10 11 12 13 14 15 16
 * 22 23 24 25 26 27 28   22 23 24 25 26 27 28   19 20 21 22 23 24 25   17 18 19 20 21 22 23
 *                        29 30 31               26 27 28 29 30         24 25 26 27 28 29 30
 *                                                                      31
 *
 *      June 2026              July 2026            September 2026          October 2026
 * Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa
 *     1  2  3  4  5  6             1  2  3  4          1  2  3  4  5                1  2  3
 *  7  8  9 10 11 12 13    5  6  7  8  9 10 11    6  7  8  9 10 11 12    4  5  6  7  8  9 10
 * 14 15 16 17 18 19 20   12 13 14 15 16 17 18   13 14 15 16 17 18 19   11 12 13 14 15 16 17
 * 21 22 23 24 25 26 27   19 20 21 22 23 24 25   20 21 22 23 24 25 26   18 19 20 21 22 23 24
 * 28 29 30               26 27 28 29 30 31      27 28 29 30            25 26 27 28 29 30 31
 *
 *    November 2026          December 2026           January 2027          February 2027
 * Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa
 *  1  2  3  4  5  6  7          1  2  3  4  5                   1  2       1  2  3  4  5  6
 *  8  9 10 11 12 13 14    6  7  8  9 10 11 12    3  4  5  6  7  8  9    7  8  9 10 11 12 13
 * 15 16 17 18 19 20 21   13 14 15 16 17 18 19   10 11 12 13 14 15 16   14 15 16 17 18 19 20
 * 22 23 24 25 26 27 28   20 21 22 23 24 25 26   17 18 19 20 21 22 23   21 22 23 24 25 26 27
 * 29 30                  27 28 29 30 31         24 25 26 27 28 29 30   28
 *                                               31
 *
 *    February 2028            March 2028
 * Su Mo Tu We Th Fr Sa   Su Mo Tu We Th Fr Sa
 *        1  2  3  4  5             1  2  3  4
 *  6  7  8  9 10 11 12    5  6  7  8  9 10 11
 * 13 14 15 16 17 18 19   12 13 14 15 16 17 18
 * 20 21 22 23 24 25 26   19 20 21 22 23 24 25
 * 27 28 29               26 27 28 29 30 31
 *
 */

export interface DeadlineCase {
  nome: string
  disponibilizacao: string
  dias: number
  fechados?: string[]
  /** Days with reduced hours or a partial system outage (count only in the middle). */
  expedienteReduzido?: string[]
  /** A court of lib/br/court-calendars.ts whose seeded closures apply. */
  tribunal?: string
  publicacao: string
  inicio: string
  vencimento: string
}

export const DEADLINE_CASES: DeadlineCase[] = [
  // Mon 09/03 disp → pub Tue 10/03 → (1) 11, (2) 12, (3) 13, x 14–15, (4) 16, (5) 17.
  c('plain week', '2026-03-09', 5, '2026-03-10', '2026-03-11', '2026-03-17'),
  // Fri 06/03 → pub Mon 09/03 → (1) 10, 11, 12, 13, x 14–15, (5) 16.
  c('available on a Friday', '2026-03-06', 5, '2026-03-09', '2026-03-10', '2026-03-16'),
  // Sat 07/03: pub is the first business day AFTER it, Mon 09/03 — same as a Friday availability.
  c('available on a Saturday', '2026-03-07', 5, '2026-03-09', '2026-03-10', '2026-03-16'),
  // Sun 08/03 → pub Mon 09/03 → (1) Tue 10/03 is also the last.
  c('available on a Sunday, 1 dia', '2026-03-08', 1, '2026-03-09', '2026-03-10', '2026-03-10'),
  // Thu 26/03 → pub Fri 27/03 → (1) 30, 31, 01/04, (4) 02/04, x Good Friday 03/04, x 04–05, (5) 06 …
  // (9) 10, (10) 13, (14) 17, x 18–19, (15) Mon 20/04.
  c('Good Friday in the middle', '2026-03-26', 15, '2026-03-27', '2026-03-30', '2026-04-20'),
  // Same, 16 dias: (16) would be Tiradentes 21/04 → x → (16) Wed 22/04.
  c('holiday at the end (Tiradentes)', '2026-03-26', 16, '2026-03-27', '2026-03-30', '2026-04-22'),
  // Fri 17/04 → pub Mon 20/04 → x Tiradentes 21/04 → (1) 22, 23, 24, x 25–26, (4) 27, (5) 28.
  c('holiday at the start (Tiradentes)', '2026-04-17', 5, '2026-04-20', '2026-04-22', '2026-04-28'),
  // Mon 20/04 → x 21/04 → pub Wed 22/04 → (1) 23, (2) 24, x 25–26, (3) 27.
  c('publication skips a holiday', '2026-04-20', 3, '2026-04-22', '2026-04-23', '2026-04-27'),
  // Available ON Tiradentes (Tue 21/04) → pub Wed 22/04 → (1) Thu 23/04.
  c('available on a holiday', '2026-04-21', 1, '2026-04-22', '2026-04-23', '2026-04-23'),
  // Available on Good Friday 03/04 → x 04–05 → pub Mon 06/04 → (1) 07 … (4) 10, (5) 13.
  c('available on Good Friday', '2026-04-03', 5, '2026-04-06', '2026-04-07', '2026-04-13'),
  // Thu 02/04 → x Good Friday, x 04–05 → pub Mon 06/04 → (1) 07, 08, 09, 10, (5) 13 … (9) 17, (10) 20.
  c('publication after Good Friday', '2026-04-02', 10, '2026-04-06', '2026-04-07', '2026-04-20'),
  // Fri 13/02 → x 14–15, x Carnaval 16–17 → pub Ash Wed 18/02 (a business day) → (1) 19, 20, x, 23, 24, (5) 25.
  c('Carnaval before publication (2026)', '2026-02-13', 5, '2026-02-18', '2026-02-19', '2026-02-25'),
  // Tue 10/02 → pub Wed 11/02 → (1) 12, (2) 13, x 14–17, (3) Ash Wed 18 (middle: counts), (4) 19, (5) 20.
  c(
    'Carnaval in the middle, Ash Wednesday counts',
    '2026-02-10',
    5,
    '2026-02-11',
    '2026-02-12',
    '2026-02-20',
  ),
  // Thu 12/02 → pub Fri 13/02 → x 14–17 → Ash Wed 18 would start the count: §1 protracts → (1) 19 … (5) 25.
  c('Ash Wednesday at the start is protracted', '2026-02-12', 5, '2026-02-13', '2026-02-19', '2026-02-25'),
  // Mon 09/02 → pub 10/02 → (1) 11, 12, (3) 13, x 14–17, Ash Wed 18 would be the due day: §1 → (4) 19.
  c('Ash Wednesday as due day is protracted', '2026-02-09', 4, '2026-02-10', '2026-02-11', '2026-02-19'),
  // The court closed Ash Wednesday: Fri 13/02 → x 14–17, x 18 (closed) → pub Thu 19/02 → (1) 20, x, 23, 24, 25, (5) 26.
  {
    ...c('Ash Wednesday closed by the court', '2026-02-13', 5, '2026-02-19', '2026-02-20', '2026-02-26'),
    fechados: ['2026-02-18'],
  },
  // Leap year 2024: Fri 09/02 → x 10–11, x Carnaval 12–13 → pub Ash Wed 14/02 → (1) 15, 16, x, 19, 20, (5) 21.
  c('Carnaval in a leap year (2024)', '2024-02-09', 5, '2024-02-14', '2024-02-15', '2024-02-21'),
  // 2028: Carnaval Mon 28/02 and Tue 29/02 (leap day). Fri 25/02 → x 26–29 → pub Ash Wed 01/03 → (1) 02, 03, x, (3) 06.
  c('Carnaval on 29 February (2028)', '2028-02-25', 3, '2028-03-01', '2028-03-02', '2028-03-06'),
  // Tue 22/02/2028 → pub 23/02 → (1) 24, (2) 25, x 26–29, (3) Ash Wed 01/03 (middle), (4) 02, (5) 03.
  c('count across 29 February (2028)', '2028-02-22', 5, '2028-02-23', '2028-02-24', '2028-03-03'),
  // Mon 15/12/2025 → pub 16/12 → (1) 17, (2) 18, (3) 19, x 20/12–20/01 → (4) Wed 21/01/2026, 22, 23, x, 26 …
  // (11) 30/01, x, (12) 02/02, (13) 03, (14) 04, (15) 05/02.
  c('recess crossing: available 15 Dec', '2025-12-15', 15, '2025-12-16', '2025-12-17', '2026-02-05'),
  // Thu 18/12/2025 → pub Fri 19/12 → x 20/12–20/01 → (1) Wed 21/01, 22, 23, x, 26, (5) 27/01.
  c('recess crossing: available 18 Dec', '2025-12-18', 5, '2025-12-19', '2026-01-21', '2026-01-27'),
  // Fri 19/12/2025 → x 20–21 (weekend) → pub Mon 22/12 (recess weekday: business) → (1) 21/01 … (5) 27/01.
  c('recess crossing: available 19 Dec', '2025-12-19', 5, '2025-12-22', '2026-01-21', '2026-01-27'),
  // Same, TRF3 closes 20/12–06/01: x 22–31/12, x 01/01 (holiday), x 02/01, x 03–04, x 05–06 → pub Wed 07/01.
  {
    ...c(
      'available 19 Dec, Justiça Federal recess',
      '2025-12-19',
      5,
      '2026-01-07',
      '2026-01-21',
      '2026-01-27',
    ),
    tribunal: 'TRF3',
  },
  // Wed 24/12/2025 → x Natal 25/12 → pub Fri 26/12 (inside the suspension: not postponed) → (1) 21/01.
  c(
    'publication inside the suspension (after Natal)',
    '2025-12-24',
    1,
    '2025-12-26',
    '2026-01-21',
    '2026-01-21',
  ),
  // Wed 31/12/2025 → x 01/01 → pub Fri 02/01/2026 → (1) 21/01, (2) 22, (3) 23.
  c('publication on 2 January', '2025-12-31', 3, '2026-01-02', '2026-01-21', '2026-01-23'),
  // Thu 08/01/2026 → pub Fri 09/01 → x 10/01–20/01 → (1) Wed 21/01, 22, 23, x, 26 … 30 (8), x, 02/02 … 06 (13),
  // x, (14) 09/02, (15) 10/02.
  c('recess: available 8 Jan', '2026-01-08', 15, '2026-01-09', '2026-01-21', '2026-02-10'),
  // Tue 20/01/2026 → pub Wed 21/01 (first day after the suspension) → (1) Thu 22, 23, x, 26, 27, (5) 28.
  c('recess: available 20 Jan', '2026-01-20', 5, '2026-01-21', '2026-01-22', '2026-01-28'),
  // Sat 20/01/2024 → x Sun 21 → pub Mon 22/01 → (1) 23, (2) 24.
  c('available 20 Jan on a Saturday', '2024-01-20', 2, '2024-01-22', '2024-01-23', '2024-01-24'),
  // Wed 18/12/2024 → pub Thu 19/12 → x Fri 20/12 (suspended) … 20/01/2025 → (1) Tue 21/01, (2) 22/01.
  c('suspension starting on a Friday (2024)', '2024-12-18', 2, '2024-12-19', '2025-01-21', '2025-01-22'),
  // Tue 31/12/2024 → x 01/01/2025 → pub Thu 02/01 → (1) Tue 21/01, 22, 23, 24, x, (5) 27/01.
  c('New Year before publication (2025)', '2024-12-31', 5, '2025-01-02', '2025-01-21', '2025-01-27'),
  // Fri 18/12/2026 → pub Mon 21/12 → x until 20/01/2027 → (1) Thu 21/01/2027.
  c('recess crossing 2026/2027', '2026-12-18', 1, '2026-12-21', '2027-01-21', '2027-01-21'),
  // Mon 16/11/2026 → pub 17/11 → (1) 18, (2) 19, x 20/11, (3) 23 … (8) 30, (9) 01/12 … (22) Fri 18/12, x 19/12–20/01,
  // (23) Thu 21/01/2027, (24) 22, x, (25) 25, 26, 27, 28, (29) 29, x, (30) Mon 01/02/2027.
  c('20 Nov and the recess in one prazo', '2026-11-16', 30, '2026-11-17', '2026-11-18', '2027-02-01'),
  // 2023: 20/11 is a Monday and NOT a national holiday. Fri 17/11 → x 18–19 → pub Mon 20/11 → (1) 21, 22, (3) 23.
  c('20 Nov before 2024 is a business day', '2023-11-17', 3, '2023-11-20', '2023-11-21', '2023-11-23'),
  // 2024: 20/11 Wed is national. Mon 18/11 → pub 19/11 → x 20/11 → (1) 21, (2) 22, x, (3) 25.
  c('20 Nov from 2024 is a holiday', '2024-11-18', 3, '2024-11-19', '2024-11-21', '2024-11-25'),
  // TJRJ closed 20/11/2023 by state law: Fri 17/11 → x 18–20 → pub Tue 21/11 → (1) 22, 23, (3) 24.
  {
    ...c('20 Nov 2023 closed at the TJRJ', '2023-11-17', 3, '2023-11-21', '2023-11-22', '2023-11-24'),
    tribunal: 'TJRJ',
  },
  // TJSP, 09/07/2026 Thu: Mon 06/07 → pub 07/07 → (1) 08, x 09, (2) 10, x, (3) 13, 14, (5) 15.
  {
    ...c('TJSP closed on 9 July', '2026-07-06', 5, '2026-07-07', '2026-07-08', '2026-07-15'),
    tribunal: 'TJSP',
  },
  // Same without a court calendar: (1) 08, 09, 10, x, 13, (5) 14.
  c('9 July is a business day elsewhere', '2026-07-06', 5, '2026-07-07', '2026-07-08', '2026-07-14'),
  // TJRJ: Mon 20/04 → x 21/04 → pub 22/04 → x 23/04 (São Jorge) → (1) 24, x, 27, 28, 29, (5) 30, x 01/05, x 02–03, (6) 04/05.
  {
    ...c('TJRJ 23 April and 1 May', '2026-04-20', 6, '2026-04-22', '2026-04-24', '2026-05-04'),
    tribunal: 'TJRJ',
  },
  // TRF3 Holy Week: Mon 30/03 → pub 31/03 → x 01/04, x 02/04 (closed), x 03/04, x 04–05 → (1) 06 … (5) 10/04.
  {
    ...c('Justiça Federal Holy Week', '2026-03-30', 5, '2026-03-31', '2026-04-06', '2026-04-10'),
    tribunal: 'TRF3',
  },
  // TRF1, 08/12/2026 Tue: Fri 04/12 → pub Mon 07/12 → x 08/12 → (1) 09, 10, 11, x, 14, (5) 15.
  {
    ...c('Justiça Federal 8 December', '2026-12-04', 5, '2026-12-07', '2026-12-09', '2026-12-15'),
    tribunal: 'TRF1',
  },
  // Corpus Christi Thu 04/06/2026: Mon 01/06 → pub 02/06 → (1) 03, x 04, (2) 05, x, 08, 09, (5) 10.
  c('Corpus Christi in the middle', '2026-06-01', 5, '2026-06-02', '2026-06-03', '2026-06-10'),
  // Fri 04/09/2026 → x 05–06, x 07/09 → pub Tue 08/09 → (1) Wed 09/09.
  c('7 September before publication', '2026-09-04', 1, '2026-09-08', '2026-09-09', '2026-09-09'),
  // Thu 01/10 → pub 02/10 → (1) 05 … (5) 09, x 12/10, (6) 13 … (19) 30, x 02/11, (20) 03/11 … (24) 09, (28) 13, (29) 16, (30) 17/11.
  c('12 Oct and 2 Nov in a 30-day prazo', '2026-10-01', 30, '2026-10-02', '2026-10-05', '2026-11-17'),
  // Mon 27/04 → pub 28/04 → (1) 29, (2) 30, x 01/05, x 02–03, (3) 04/05.
  c('1 May at the end', '2026-04-27', 3, '2026-04-28', '2026-04-29', '2026-05-04'),
  // Due day closed: case 'plain week' ends Tue 17/03; the court closed it → (5) Wed 18/03.
  {
    ...c('due date on a closed day', '2026-03-09', 5, '2026-03-10', '2026-03-11', '2026-03-18'),
    fechados: ['2026-03-17'],
  },
  // Start day closed (system outage 11/03): pub 10/03 → x 11 → (1) 12, 13, x, 16, 17, (5) 18.
  {
    ...c('start on a closed day', '2026-03-09', 5, '2026-03-10', '2026-03-12', '2026-03-18'),
    fechados: ['2026-03-11'],
  },
  // Partial outage of the e-filing system on the due day Tue 17/03 (Lei 11.419 art. 10 §2): (5) moves to Wed 18/03.
  {
    ...c('partial outage on the due date', '2026-03-09', 5, '2026-03-10', '2026-03-11', '2026-03-18'),
    expedienteReduzido: ['2026-03-17'],
  },
  // The same outage on Thu 12/03, in the middle: the day counts → (1) 11, (2) 12, 13, 16, (5) 17 unchanged.
  {
    ...c('partial outage in the middle counts', '2026-03-09', 5, '2026-03-10', '2026-03-11', '2026-03-17'),
    expedienteReduzido: ['2026-03-12'],
  },
  // Publication day closed (10/03): Mon 09/03 → x 10 → pub Wed 11/03 → (1) 12, 13, x, 16, 17, (5) 18.
  {
    ...c('publication on a closed day', '2026-03-09', 5, '2026-03-11', '2026-03-12', '2026-03-18'),
    fechados: ['2026-03-10'],
  },
]

function c(
  nome: string,
  disponibilizacao: string,
  dias: number,
  publicacao: string,
  inicio: string,
  vencimento: string,
): DeadlineCase {
  return { nome, disponibilizacao, dias, publicacao, inicio, vencimento }
}
