import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { ApiRequestError } from '../../lib/api-client'
import { UFS } from '../../lib/br/uf'
import { JOB_MODALIDADES, JOB_NIVEIS, JOB_TIPOS } from './jobs.constants'
import type { EntityJob, JobCreateInput } from './jobs.schema'
import { selectClass } from './jobs-ui'
import { useJobCities } from './use-cities'
import { useSaveJobForm } from './use-jobs'

interface Draft {
  titulo: string
  empresa: string
  estado: string
  cidadeId: string
  remoto: boolean
  tipo: string
  nivel: string
  modalidade: string
  salario: string
  descricao: string
  requisitos: string
  encerraEm: string
}

function draftOf(job: EntityJob | null): Draft {
  return {
    titulo: job?.titulo ?? '',
    empresa: job?.empresa ?? '',
    estado: job?.estado ?? '',
    cidadeId: job?.cidadeId ? String(job.cidadeId) : '',
    remoto: job?.remoto ?? false,
    tipo: job?.tipo ?? '',
    nivel: job?.nivel ?? '',
    modalidade: job?.modalidade ?? '',
    salario: job?.salario ?? '',
    descricao: job?.descricao ?? '',
    requisitos: job?.requisitos ?? '',
    encerraEm: job?.encerraEm ?? '',
  }
}

/** 'Nova Vaga' and 'Editar vaga' (the entity's dashboard). */
export function JobFormDialog({
  job,
  open,
  onOpenChange,
}: {
  /** null: a new job. */
  job: EntityJob | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('jobs')
  const [draft, setDraft] = useState<Draft>(() => draftOf(job))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const cities = useJobCities(draft.estado)
  const save = useSaveJobForm()
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }))

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (draft.titulo.trim().length < 3) found.titulo = t('form.tituloRequired')
    if (!draft.descricao.trim()) found.descricao = t('form.descricaoRequired')
    if (!draft.estado && !draft.remoto) found.estado = t('form.placeRequired')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const data = {
      titulo: draft.titulo.trim(),
      empresa: draft.empresa.trim() || undefined,
      estado: (draft.estado || null) as JobCreateInput['estado'],
      cidadeId: draft.cidadeId ? Number(draft.cidadeId) : null,
      remoto: draft.remoto,
      tipo: draft.tipo as JobCreateInput['tipo'],
      nivel: draft.nivel as JobCreateInput['nivel'],
      modalidade: draft.modalidade as JobCreateInput['modalidade'],
      salario: draft.salario.trim() || null,
      descricao: draft.descricao.trim(),
      requisitos: draft.requisitos.trim() || null,
      encerraEm: draft.encerraEm || null,
    }
    try {
      await save.mutateAsync({ id: job?.id ?? null, data })
      toast.success(job ? t('form.updated') : t('form.created'))
      onOpenChange(false)
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) setErrors(error.fields)
      toast.error((error as Error).message)
    }
  }

  const choice = (key: 'tipo' | 'nivel' | 'modalidade', options: readonly string[], labels: string) => (
    <FormField label={t(`form.${key}`)} htmlFor={`vaga-${key}`} error={errors[key]}>
      <select
        id={`vaga-${key}`}
        className={selectClass}
        value={draft[key]}
        required
        onChange={(event) => set({ [key]: event.target.value })}
      >
        <option value="">{t('form.selectState')}</option>
        {options.map((value) => (
          <option key={value} value={value}>
            {t(`${labels}.${value}`)}
          </option>
        ))}
      </select>
    </FormField>
  )

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{job ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField
            className="sm:col-span-2"
            label={t('form.titulo')}
            htmlFor="vaga-titulo-campo"
            error={errors.titulo}
          >
            <Input
              id="vaga-titulo-campo"
              value={draft.titulo}
              maxLength={160}
              onChange={(e) => set({ titulo: e.target.value })}
            />
          </FormField>
          <FormField
            className="sm:col-span-2"
            label={t('form.empresa')}
            htmlFor="vaga-empresa"
            error={errors.empresa}
            description={t('form.empresaHint')}
          >
            <Input
              id="vaga-empresa"
              value={draft.empresa}
              maxLength={160}
              onChange={(e) => set({ empresa: e.target.value })}
            />
          </FormField>
          {choice('tipo', JOB_TIPOS, 'types')}
          {choice('nivel', JOB_NIVEIS, 'levels')}
          {choice('modalidade', JOB_MODALIDADES, 'workModes')}
          <FormField label={t('form.encerraEm')} htmlFor="vaga-encerra" error={errors.encerraEm}>
            <Input
              id="vaga-encerra"
              type="date"
              value={draft.encerraEm}
              onChange={(e) => set({ encerraEm: e.target.value })}
            />
          </FormField>
          <FormField label={t('form.estado')} htmlFor="vaga-estado" error={errors.estado}>
            <select
              id="vaga-estado"
              className={selectClass}
              value={draft.estado}
              onChange={(e) => set({ estado: e.target.value, cidadeId: '' })}
            >
              <option value="">{t('form.selectState')}</option>
              {UFS.map((uf) => (
                <option key={uf} value={uf}>
                  {uf}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t('form.cidade')} htmlFor="vaga-cidade" error={errors.cidadeId}>
            <select
              id="vaga-cidade"
              className={`${selectClass} max-h-60`}
              value={draft.cidadeId}
              disabled={!draft.estado || !cities.data}
              onChange={(e) => set({ cidadeId: e.target.value })}
            >
              <option value="">{draft.estado ? t('form.selectCity') : t('form.selectStateFirst')}</option>
              {(cities.data ?? []).map((city) => (
                <option key={city.id} value={city.id}>
                  {city.nome}
                </option>
              ))}
            </select>
          </FormField>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input
              type="checkbox"
              className="size-4"
              checked={draft.remoto}
              onChange={(e) => set({ remoto: e.target.checked })}
            />
            {t('form.remoto')}
          </label>
          <FormField
            className="sm:col-span-2"
            label={t('form.salario')}
            htmlFor="vaga-salario"
            error={errors.salario}
          >
            <Input
              id="vaga-salario"
              value={draft.salario}
              maxLength={120}
              placeholder={t('form.salarioPlaceholder')}
              onChange={(e) => set({ salario: e.target.value })}
            />
          </FormField>
          <FormField
            className="sm:col-span-2"
            label={t('form.descricao')}
            htmlFor="vaga-descricao-campo"
            error={errors.descricao}
          >
            <Textarea
              id="vaga-descricao-campo"
              rows={5}
              value={draft.descricao}
              onChange={(e) => set({ descricao: e.target.value })}
            />
          </FormField>
          <FormField
            className="sm:col-span-2"
            label={t('form.requisitos')}
            htmlFor="vaga-requisitos-campo"
            error={errors.requisitos}
          >
            <Textarea
              id="vaga-requisitos-campo"
              rows={4}
              value={draft.requisitos}
              onChange={(e) => set({ requisitos: e.target.value })}
            />
          </FormField>
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('form.saving') : job ? t('form.save') : t('form.publish')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
