import { jsonRequest, SAO_PAULO, signUp } from '../../test/accounts'
import type { TestApp } from '../../test/test-app'
import type { JobCreateInput } from './jobs.schema'

// Accounts and jobs for the jobs tests (test-only helpers).

const suffix = () => Math.random().toString(36).slice(2, 10)
const base = (nomeCompleto: string) => ({
  email: `u-${suffix()}@example.com`,
  password: 'senha-segura-123',
  confirmPassword: 'senha-segura-123',
  nomeCompleto,
  telefone: '(11) 98765-4321',
  ...SAO_PAULO,
})

export const studentSignUp = (nome = 'Bruna Estudante') => ({
  ...base(nome),
  userType: 'estudante' as const,
  universidade: 'USP',
  periodoCurso: 5,
})

export const entitySignUp = (nomeEntidade = 'Escritório Modelo') => ({
  ...base('Carla Responsável'),
  userType: 'entidade' as const,
  nomeEntidade,
  cnpj: '11.222.333/0001-81',
  tipoEntidade: 'escritorio' as const,
})

export interface Account {
  cookie: string
  id: string
}

export async function account(t: TestApp, data: Parameters<typeof signUp>[1]): Promise<Account> {
  const { cookie } = await signUp(t, data)
  const me = (await (await t.app.request('/api/me', { headers: { cookie } })).json()) as {
    user: { id: string }
  }
  return { cookie, id: me.user.id }
}

export const sampleJob = (overrides: Partial<JobCreateInput> = {}): JobCreateInput => ({
  titulo: 'Estágio em Direito Civil',
  estado: 'SP',
  cidadeId: SAO_PAULO.cidadeId,
  tipo: 'Estágio',
  nivel: 'Estudante',
  modalidade: 'Híbrido',
  salario: 'R$ 1.800,00 + VT',
  descricao: 'Apoio em pesquisas e petições.',
  requisitos: 'Cursando a partir do 5º período.',
  ...overrides,
})

export async function publishJob(t: TestApp, cookie: string, overrides: Partial<JobCreateInput> = {}) {
  const response = await t.app.request('/api/jobs', jsonRequest('POST', sampleJob(overrides), cookie))
  if (response.status !== 201) throw new Error(`publish failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { id: string }).id
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

export function applyRequest(cookie: string, body: Uint8Array = PDF): RequestInit {
  return { method: 'POST', headers: { cookie, 'content-type': 'application/pdf' }, body: body as BodyInit }
}
