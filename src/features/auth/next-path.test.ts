import { describe, expect, it } from 'vitest'
import { authPath, safeNextPath } from './use-auth'

describe('/auth?next=', () => {
  it('follows only paths of this site', () => {
    expect(safeNextPath('/convite/abc')).toBe('/convite/abc')
    expect(safeNextPath('/dashboard?x=1')).toBe('/dashboard?x=1')
    for (const value of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:x',
    ])
      expect(safeNextPath(value)).toBeNull()
  })

  it('builds the sign-in and sign-up links that come back', () => {
    expect(authPath({ next: '/convite/abc' })).toBe('/auth?next=%2Fconvite%2Fabc')
    expect(authPath({ next: '/convite/abc', signUp: true })).toBe('/auth?aba=cadastrar&next=%2Fconvite%2Fabc')
  })
})
