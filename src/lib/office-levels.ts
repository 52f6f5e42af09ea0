/**
 * Team levels of spec §6 (nivel_acesso), shared by the offices' table, the permission matrix and the browser.
 * Here, below every feature, because the session's contract (auth's GET /api/me answer) names them too and auth
 * imports no feature (issue 23); features/offices re-exports them as its own.
 */
export const NIVEIS_ACESSO = ['socio', 'associado', 'estagiario', 'assistente'] as const
export type NivelAcesso = (typeof NIVEIS_ACESSO)[number]
