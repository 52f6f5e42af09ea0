import type { Database } from '../../db/client.server'
import { formatDateBR } from '../../lib/br/dates'
import { centsToBRL } from '../../lib/br/money'
import type { EntryFilter, FinancialEntryDto } from './financial.schema'
import { entryRowsForCsv } from './financial.service.server'
import { valorCents } from './financial.write.server'
import type { FinancialScope } from './financial.write.server'

// The CSV of the filtered list (Excel pt-BR: ';' separated, BOM, R$ and dates as a Brazilian reads them).

export const FINANCIAL_CSV_HEADER = [
  'Descrição',
  'Tipo',
  'Categoria',
  'Status',
  'Valor',
  'Vencimento',
  'Pagamento',
  'Forma de pagamento',
  'Cliente',
  'Processo',
  'Parcela',
  'Observações',
] as const

const TIPO = { receita: 'Receita', despesa: 'Despesa' } as const
const CATEGORIA = {
  honorarios: 'Honorários Advocatícios',
  consultoria: 'Consultoria Jurídica',
  custas: 'Custas Processuais',
  despesas_escritorio: 'Despesas do Escritório',
  outros: 'Outros',
} as const
const STATUS = { pago: 'Pago', pendente: 'Pendente', vencido: 'Vencido', cancelado: 'Cancelado' } as const
const FORMA = {
  pix: 'Pix',
  transferencia: 'Transferência',
  boleto: 'Boleto',
  dinheiro: 'Dinheiro',
  cartao: 'Cartão',
} as const

function csvCells(e: FinancialEntryDto): string[] {
  return [
    e.descricao,
    TIPO[e.tipo],
    CATEGORIA[e.categoria],
    STATUS[e.status],
    centsToBRL(valorCents(e.valor)),
    formatDateBR(e.dataVencimento),
    e.dataPagamento ? formatDateBR(e.dataPagamento) : '',
    e.formaPagamento ? FORMA[e.formaPagamento] : '',
    e.clientNome ?? '',
    e.caseTitulo ?? '',
    e.parcelaTotal ? `${e.parcelaNumero ?? ''}/${e.parcelaTotal}` : '',
    e.observacoes ?? '',
  ]
}

export async function* entryCsvRows(
  db: Database,
  scope: FinancialScope,
  filter: EntryFilter,
): AsyncGenerator<string[][]> {
  for await (const batch of entryRowsForCsv(db, scope, filter)) yield batch.map(csvCells)
}
