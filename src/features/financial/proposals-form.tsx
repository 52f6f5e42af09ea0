import { useMemo, useState, type FormEvent } from 'react'
import { Save } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { DialogFooter } from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Textarea } from '../../components/ui/textarea'
import { ApiRequestError } from '../../lib/api-client'
import { addDaysISO, formatDateBR, todayISO } from '../../lib/br/dates'
import { centsToBRL, parseBRLToCents } from '../../lib/br/money'
import { CasePicker, ClientPicker } from '../cases/cases.public'
import { useSaveProposal } from './proposals-hooks'
import {
  FIXED_MODELS,
  PROPOSAL_LIMITS,
  PROPOSAL_MODELS,
  proposalBody,
  proposalInstallments,
  SUCCESS_MODELS,
  type ProposalDto,
  type ProposalModel,
} from './proposals.schema'

type Field =
  | 'clientId'
  | 'caseId'
  | 'modelo'
  | 'valorFixo'
  | 'parcelas'
  | 'primeiroVencimento'
  | 'percentualExito'
  | 'valorCausa'
  | 'condicoes'
  | 'validade'

interface Values {
  clientId: string
  caseId: string
  modelo: ProposalModel
  valorFixo: string
  parcelas: string
  primeiroVencimento: string
  percentualExito: string
  valorCausa: string
  condicoes: string
  validade: string
}

/** '1234.56' → '1.234,56' for an input a pt-BR user edits. */
const decimalToInput = (value: string | null) => (value === null ? '' : value.replace('.', ','))

function initialValues(proposal: ProposalDto | null): Values {
  if (!proposal) {
    return {
      clientId: '',
      caseId: '',
      modelo: 'parcelado',
      valorFixo: '',
      parcelas: '3',
      primeiroVencimento: addDaysISO(todayISO(), 10),
      percentualExito: '',
      valorCausa: '',
      condicoes: '',
      validade: addDaysISO(todayISO(), 15),
    }
  }
  return {
    clientId: proposal.clientId,
    caseId: proposal.caseId ?? '',
    modelo: proposal.modelo,
    valorFixo: decimalToInput(proposal.valorFixo),
    parcelas: proposal.parcelas === null ? '' : String(proposal.parcelas),
    primeiroVencimento: proposal.primeiroVencimento ?? addDaysISO(todayISO(), 10),
    percentualExito: decimalToInput(proposal.percentualExito),
    valorCausa: decimalToInput(proposal.valorCausa),
    condicoes: proposal.condicoes ?? '',
    validade: proposal.validade,
  }
}

/** Create or edit a proposal. Checked with the server's own schema first, then by the server. */
export function ProposalForm({ proposal, onDone }: { proposal: ProposalDto | null; onDone: () => void }) {
  const { t } = useTranslation('financial')
  const [values, setValues] = useState<Values>(() => initialValues(proposal))
  const [clientLabel, setClientLabel] = useState<string | null>(proposal?.clientNome ?? null)
  const [caseLabel, setCaseLabel] = useState<string | null>(proposal?.caseTitulo ?? null)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const save = useSaveProposal()
  const fixed = FIXED_MODELS.includes(values.modelo)
  const success = SUCCESS_MODELS.includes(values.modelo)
  // Editing a field clears its error: what is left on screen is what still needs fixing.
  const set = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e))
  }

  const input = {
    clientId: values.clientId,
    caseId: values.caseId || null,
    modelo: values.modelo,
    valorFixo: values.valorFixo,
    parcelas: values.modelo === 'fixo' ? 1 : values.parcelas,
    primeiroVencimento: values.primeiroVencimento,
    percentualExito: values.percentualExito,
    valorCausa: values.valorCausa,
    condicoes: values.condicoes,
    validade: values.validade,
  }

  const preview = useMemo(() => {
    const cents = parseBRLToCents(values.valorFixo)
    const parcelas = values.modelo === 'fixo' ? 1 : Number(values.parcelas)
    const ok =
      fixed &&
      cents !== null &&
      cents > 0 &&
      Number.isInteger(parcelas) &&
      parcelas >= 1 &&
      parcelas <= PROPOSAL_LIMITS.maxParcelas &&
      /^\d{4}-\d{2}-\d{2}$/.test(values.primeiroVencimento)
    return ok ? proposalInstallments(cents, parcelas, values.primeiroVencimento) : []
  }, [fixed, values.valorFixo, values.parcelas, values.modelo, values.primeiroVencimento])

  function submit(event: FormEvent) {
    event.preventDefault()
    setServerError(null)
    const parsed = proposalBody.safeParse(input)
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined
        if (field && !next[field])
          next[field] = field === 'clientId' ? t('proposals.form.clienteRequired') : issue.message
      }
      setErrors(next)
      return
    }
    setErrors({})
    save.mutateAsync({ id: proposal?.id ?? null, input }).then(
      () => {
        toast.success(t(proposal ? 'proposals.toast.updated' : 'proposals.toast.created'))
        onDone()
      },
      (error: Error) => {
        if (error instanceof ApiRequestError) setErrors(error.fields as Partial<Record<Field, string>>)
        setServerError(error.message)
      },
    )
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('proposals.form.cliente')} htmlFor="proposal-cliente" error={errors.clientId}>
          <ClientPicker
            id="proposal-cliente"
            value={values.clientId}
            selectedLabel={clientLabel}
            onValueChange={(value, label) => {
              set('clientId')(value)
              setClientLabel(label)
            }}
          />
        </FormField>
        <FormField label={t('proposals.form.processo')} htmlFor="proposal-processo" error={errors.caseId}>
          <CasePicker
            id="proposal-processo"
            value={values.caseId}
            selectedLabel={caseLabel}
            onValueChange={(value, label) => {
              set('caseId')(value)
              setCaseLabel(label)
            }}
          />
        </FormField>
        <FormField label={t('proposals.form.modelo')} htmlFor="proposal-modelo" error={errors.modelo}>
          <Select value={values.modelo} onValueChange={set('modelo')}>
            <SelectTrigger id="proposal-modelo" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PROPOSAL_MODELS.map((modelo) => (
                <SelectItem key={modelo} value={modelo}>
                  {t(`proposals.modelo.${modelo}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField label={t('proposals.form.validade')} htmlFor="proposal-validade" error={errors.validade}>
          <Input
            id="proposal-validade"
            type="date"
            min={todayISO()}
            value={values.validade}
            onChange={(e) => set('validade')(e.target.value)}
          />
        </FormField>
        {fixed && (
          <>
            <FormField
              label={t('proposals.form.valorFixo')}
              htmlFor="proposal-valor"
              description={t('proposals.form.valorFixoHint')}
              error={errors.valorFixo}
            >
              <Input
                id="proposal-valor"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0,00"
                value={values.valorFixo}
                onChange={(e) => set('valorFixo')(e.target.value)}
              />
            </FormField>
            {values.modelo !== 'fixo' && (
              <FormField
                label={t('proposals.form.parcelas')}
                htmlFor="proposal-parcelas"
                error={errors.parcelas}
              >
                <Input
                  id="proposal-parcelas"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={PROPOSAL_LIMITS.maxParcelas}
                  value={values.parcelas}
                  onChange={(e) => set('parcelas')(e.target.value)}
                />
              </FormField>
            )}
            <FormField
              label={t('proposals.form.primeiroVencimento')}
              htmlFor="proposal-vencimento"
              error={errors.primeiroVencimento}
            >
              <Input
                id="proposal-vencimento"
                type="date"
                value={values.primeiroVencimento}
                onChange={(e) => set('primeiroVencimento')(e.target.value)}
              />
            </FormField>
          </>
        )}
        {success && (
          <>
            <FormField
              label={t('proposals.form.percentualExito')}
              htmlFor="proposal-percentual"
              description={t('proposals.form.percentualHint')}
              error={errors.percentualExito}
            >
              <Input
                id="proposal-percentual"
                inputMode="decimal"
                autoComplete="off"
                placeholder="20"
                value={values.percentualExito}
                onChange={(e) => set('percentualExito')(e.target.value)}
              />
            </FormField>
            <FormField
              label={t('proposals.form.valorCausa')}
              htmlFor="proposal-valor-causa"
              description={t('proposals.form.valorCausaHint')}
              error={errors.valorCausa}
            >
              <Input
                id="proposal-valor-causa"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0,00"
                value={values.valorCausa}
                onChange={(e) => set('valorCausa')(e.target.value)}
              />
            </FormField>
          </>
        )}
      </div>
      {success && <p className="text-sm text-muted-foreground">{t('proposals.form.exitoNote')}</p>}
      {preview.length > 0 && (
        <section aria-labelledby="proposal-preview" className="grid gap-1">
          <h3 id="proposal-preview" className="text-sm font-medium">
            {t('proposals.form.preview')}
          </h3>
          <ol className="max-h-32 overflow-y-auto rounded-md border p-2 text-sm tabular-nums" tabIndex={0}>
            {preview.map((parcel) => (
              <li key={parcel.numero}>
                {t('proposals.form.previewLine', {
                  numero: parcel.numero,
                  total: preview.length,
                  data: formatDateBR(parcel.vencimento),
                  valor: centsToBRL(parcel.cents),
                })}
              </li>
            ))}
          </ol>
        </section>
      )}
      <FormField
        label={t('proposals.form.condicoes')}
        htmlFor="proposal-condicoes"
        description={t('proposals.form.condicoesHint')}
        error={errors.condicoes}
      >
        <Textarea
          id="proposal-condicoes"
          rows={3}
          maxLength={PROPOSAL_LIMITS.condicoes}
          value={values.condicoes}
          onChange={(e) => set('condicoes')(e.target.value)}
        />
      </FormField>
      {serverError && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {serverError}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('proposals.form.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          <Save aria-hidden />
          {save.isPending ? t('proposals.form.saving') : t('proposals.form.save')}
        </Button>
      </DialogFooter>
    </form>
  )
}
