/** Team levels of spec §6 (nivel_acesso), shared by the table, the permission matrix and the browser. */
export const NIVEIS_ACESSO = ['socio', 'associado', 'estagiario', 'assistente'] as const
export type NivelAcesso = (typeof NIVEIS_ACESSO)[number]
