import { maskCnpjInput } from '../../lib/br/cnpj'
import { maskCpfInput } from '../../lib/br/cpf'
import type { Client, ClientStatus, EstadoCivil, TipoPessoa } from './clients.schema'

/** Every input is a string in the form; the shared schema accepts that shape and normalizes it on the server. */
export interface ClientFormValues {
  nomeCompleto: string
  tipoPessoa: TipoPessoa
  documento: string
  email: string
  telefone: string
  dataNascimento: string
  profissao: string
  nacionalidade: string
  /** '' when not informed. */
  estadoCivil: EstadoCivil | ''
  rg: string
  rgOrgaoEmissor: string
  representanteNome: string
  representanteCpf: string
  representanteCargo: string
  estadoId: string
  cidadeId: string
  endereco: string
  cep: string
  observacoes: string
  status: ClientStatus
}

export const EMPTY_CLIENT_VALUES: ClientFormValues = {
  nomeCompleto: '',
  tipoPessoa: 'fisica',
  documento: '',
  email: '',
  telefone: '',
  dataNascimento: '',
  profissao: '',
  nacionalidade: '',
  estadoCivil: '',
  rg: '',
  rgOrgaoEmissor: '',
  representanteNome: '',
  representanteCpf: '',
  representanteCargo: '',
  estadoId: '',
  cidadeId: '',
  endereco: '',
  cep: '',
  observacoes: '',
  status: 'ativo',
}

/** A stored client as the edit form holds it: absent values as empty inputs, ids as select values. */
export function clientFormValues(client: Client): ClientFormValues {
  return {
    nomeCompleto: client.nomeCompleto,
    tipoPessoa: client.tipoPessoa,
    documento: client.documento ?? '',
    email: client.email ?? '',
    telefone: client.telefone ?? '',
    dataNascimento: client.dataNascimento ?? '',
    profissao: client.profissao ?? '',
    nacionalidade: client.nacionalidade ?? '',
    estadoCivil: client.estadoCivil ?? '',
    rg: client.rg ?? '',
    rgOrgaoEmissor: client.rgOrgaoEmissor ?? '',
    representanteNome: client.representanteNome ?? '',
    representanteCpf: client.representanteCpf ?? '',
    representanteCargo: client.representanteCargo ?? '',
    estadoId: client.estadoId === null ? '' : String(client.estadoId),
    cidadeId: client.cidadeId === null ? '' : String(client.cidadeId),
    endereco: client.endereco ?? '',
    cep: client.cep ?? '',
    observacoes: client.observacoes ?? '',
    status: client.status,
  }
}

/** The fields a kind of client never keeps, emptied when the form switches to that kind. */
export const OTHER_KIND_FIELDS: Readonly<
  Record<TipoPessoa, readonly Exclude<keyof ClientFormValues, 'tipoPessoa' | 'status'>[]>
> = {
  fisica: ['representanteNome', 'representanteCpf', 'representanteCargo'],
  juridica: ['dataNascimento', 'nacionalidade', 'estadoCivil', 'rg', 'rgOrgaoEmissor'],
}

/** The documento is a CPF for pessoa física and a CNPJ for pessoa jurídica. */
export const maskDocumento = (tipo: TipoPessoa, value: string) =>
  tipo === 'fisica' ? maskCpfInput(value) : maskCnpjInput(value)
