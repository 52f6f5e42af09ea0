import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import en from '../../locales/en/audit.json'
import es from '../../locales/es/audit.json'
import ptBR from '../../locales/pt-BR/audit.json'
import { AUDIT_ACTIONS, formatAuditDetails } from './audit-format'

// The viewer's action list and labels must follow the server's AuditAction union: a new action without a
// pt-BR label would show as its raw key.
const serverActions = [
  ...readFileSync(new URL('./audit.service.server.ts', import.meta.url), 'utf8')
    .split('export type AuditAction =')[1]!
    .split('\n\n')[0]!
    .matchAll(/\|\s*'([a-z_]+\.[a-z_]+)'/g),
].map((m) => m[1])

describe('audit actions', () => {
  it('lists every AuditAction of the server', () => {
    expect(serverActions.length).toBeGreaterThan(30)
    expect([...AUDIT_ACTIONS].sort()).toEqual([...serverActions].sort())
  })
  it('labels every action in pt-BR, en and es', () => {
    for (const catalog of [ptBR, en, es]) {
      const labels = catalog.actions as Record<string, string>
      for (const action of AUDIT_ACTIONS) expect(labels[action], action).toBeTruthy()
    }
  })
})

describe('formatAuditDetails', () => {
  it('writes key: value pairs', () => {
    expect(formatAuditDetails({ fields: ['nome', 'email'], versao: 2, x: null })).toBe(
      'fields: nome, email · versao: 2 · x: —',
    )
    expect(formatAuditDetails({ filter: { status: 'ativo', search: null } })).toBe('filter: status=ativo')
    expect(formatAuditDetails({ filter: { to: null, from: null } })).toBe('filter: —')
    expect(formatAuditDetails(null)).toBe('')
  })
  it('cuts long details', () => {
    const text = formatAuditDetails({ search: 'a'.repeat(500) })
    expect(text).toHaveLength(300)
    expect(text.endsWith('…')).toBe(true)
  })
})
