import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { lawyerSignUp, signUp } from '../../test/accounts'
import type { PrazoCalculado } from '../../lib/br/deadline'

// GET /api/prazos/calcular (issue 9): public, validated in pt-BR, rate-limited per client address.

const PROXY_SOCKET = { incoming: { socket: { remoteAddress: '10.255.0.1' } } }
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_PRAZOS_MAX: '5' })
})
afterAll(async () => {
  await t.close()
})

let addressCounter = 0
/** Each call from a fresh client address, so tests never share a rate-limit budget. */
function calcular(
  query: string,
  address = `198.51.100.${++addressCounter}`,
  headers: Record<string, string> = {},
) {
  return t.app.request(
    `/api/prazos/calcular${query}`,
    { headers: { 'x-forwarded-for': address, ...headers } },
    PROXY_SOCKET,
  )
}

describe('GET /api/prazos/calcular', () => {
  it('answers publication, start, due date and trail without a session', async () => {
    const response = await calcular('?disponibilizacao=2026-02-13&dias=5')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    const body = (await response.json()) as PrazoCalculado
    expect(body).toMatchObject({ publicacao: '2026-02-18', inicio: '2026-02-19', vencimento: '2026-02-25' })
    expect(body.trilha).toHaveLength(13)
    expect(body.trilha[0]).toEqual({
      data: '2026-02-13',
      tipo: 'disponibilizacao',
      motivo: 'Disponibilização no Diário de Justiça Eletrônico',
    })
    expect(body.trilha[3]).toMatchObject({ data: '2026-02-16', tipo: 'pulado', causa: 'feriado_nacional' })
  })

  it('applies the recess and the extra closed days', async () => {
    const recess = (await (await calcular('?disponibilizacao=2026-01-08&dias=15')).json()) as PrazoCalculado
    expect(recess).toMatchObject({ publicacao: '2026-01-09', inicio: '2026-01-21', vencimento: '2026-02-10' })

    const closed = await calcular('?disponibilizacao=2026-03-09&dias=5&fechados=2026-03-17,%202026-03-18')
    expect(closed.status).toBe(200)
    expect(await closed.json()).toMatchObject({ vencimento: '2026-03-19' })
  })

  it('works the same for a signed-in user', async () => {
    const { cookie } = await signUp(t, lawyerSignUp())
    const response = await calcular('?disponibilizacao=2026-03-09&dias=5', undefined, { cookie })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ vencimento: '2026-03-17' })
  })

  it.each([
    ['', 'disponibilizacao: Informe a data de disponibilização.'],
    [
      '?disponibilizacao=2026-02-30&dias=5',
      'disponibilizacao: Data de disponibilização inválida: use o formato AAAA-MM-DD.',
    ],
    [
      '?disponibilizacao=13/02/2026&dias=5',
      'disponibilizacao: Data de disponibilização inválida: use o formato AAAA-MM-DD.',
    ],
    [
      '?disponibilizacao=2098-01-05&dias=5',
      'disponibilizacao: A data de disponibilização deve estar entre 1990 e 2097.',
    ],
    ['?disponibilizacao=2026-02-13', 'dias: Informe o prazo em dias úteis.'],
    ['?disponibilizacao=2026-02-13&dias=0', 'dias: O prazo deve ser de 1 a 365 dias úteis.'],
    ['?disponibilizacao=2026-02-13&dias=-3', 'dias: O prazo deve ser de 1 a 365 dias úteis.'],
    ['?disponibilizacao=2026-02-13&dias=366', 'dias: O prazo deve ser de 1 a 365 dias úteis.'],
    ['?disponibilizacao=2026-02-13&dias=2.5', 'dias: O prazo deve ser um número inteiro de dias úteis.'],
    ['?disponibilizacao=2026-02-13&dias=abc', 'dias: O prazo deve ser um número inteiro de dias úteis.'],
    [
      '?disponibilizacao=2026-02-13&dias=5&fechados=2026-03-17,ontem',
      'fechados: Dias fechados inválidos: use datas AAAA-MM-DD separadas por vírgula.',
    ],
  ])('refuses %s with a pt-BR message', async (query, message) => {
    const response = await calcular(query)
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error).toMatchObject({ code: 'validation', message })
  })

  it('refuses more than 100 closed days', async () => {
    const fechados = Array.from({ length: 101 }, (_, i) => `2026-03-${String((i % 28) + 1).padStart(2, '0')}`)
    const response = await calcular(`?disponibilizacao=2026-02-13&dias=5&fechados=${fechados.join(',')}`)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: { message: 'fechados: Informe no máximo 100 dias fechados.' },
    })
  })

  it('limits each client address, in pt-BR, and keeps other addresses working', async () => {
    const address = '203.0.113.9'
    for (let i = 0; i < 5; i++) {
      expect((await calcular('?disponibilizacao=2026-03-09&dias=5', address)).status).toBe(200)
    }
    const refused = await calcular('?disponibilizacao=2026-03-09&dias=5', address)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual({
      error: { code: 'rate_limited', message: 'Muitas tentativas. Aguarde um minuto e tente novamente.' },
    })
    // Invalid requests count too: the budget protects the server, not only the engine.
    expect((await calcular('?dias=5', address)).status).toBe(429)
    expect((await calcular('?disponibilizacao=2026-03-09&dias=5', '203.0.113.10')).status).toBe(200)
  })
})
