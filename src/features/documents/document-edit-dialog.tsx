import { useRef, useState } from 'react'
import { useController, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { FormDialog, FormDialogActions } from '../../components/form/form-dialog'
import { SelectFormField } from '../../components/form/select-form-field'
import { bodyResolver } from '../../components/form/body-resolver'
import { useAppForm } from '../../components/form/use-app-form'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { reportSaveError } from '../../lib/form-save-error'
import { useSession } from '../auth/auth.public'
import { CasePicker, caseOptionLabel, ClientPicker } from '../cases/cases.public'
import { ConfidentialShareConfirm, DocumentShareField } from './document-share-field'
import {
  DOCUMENT_ACCESS_LEVELS,
  DOCUMENT_FOLDERS,
  DOCUMENT_LIMITS,
  documentUpdateBody,
  splitTags,
  type DocumentAccessLevel,
  type DocumentFolder,
  type DocumentRow,
  type DocumentUpdateInput,
} from './documents.schema'
import { startsConfidentialShare, type SharingState } from './documents.sharing'
import { useUpdateDocument } from './use-documents'

interface EditValues {
  nome: string
  pasta: DocumentFolder
  nivelAcesso: DocumentAccessLevel
  /** Comma-separated, as in the upload form. */
  etiquetas: string
  clientId: string
  caseId: string
  observacoes: string
  compartilhadoCliente: boolean
}

function editValues(document: DocumentRow): EditValues {
  return {
    nome: document.nome,
    pasta: document.pasta,
    nivelAcesso: document.nivelAcesso,
    etiquetas: document.etiquetas.join(', '),
    clientId: document.cliente?.id ?? '',
    caseId: document.caso?.id ?? '',
    observacoes: document.observacoes ?? '',
    compartilhadoCliente: document.compartilhadoCliente,
  }
}

function sharingOf(values: EditValues): SharingState {
  return {
    nivelAcesso: values.nivelAcesso,
    compartilhadoCliente: values.compartilhadoCliente,
    linked: values.clientId !== '' || values.caseId !== '',
  }
}

/**
 * PATCH /api/documents/:id's body: a link or a sharing left as it was is left out (a link may have become
 * inactive since; an unchanged sharing needs no confirmation). `confirmed`: the sócio confirmed sharing a
 * confidencial document, which the body then says.
 */
function updateBody(values: EditValues, defaultValues: EditValues, confirmed: boolean): DocumentUpdateInput {
  const confirm = confirmed && startsConfidentialShare(sharingOf(defaultValues), sharingOf(values))
  return {
    nome: values.nome,
    pasta: values.pasta,
    nivelAcesso: values.nivelAcesso,
    etiquetas: splitTags(values.etiquetas),
    ...(values.clientId === defaultValues.clientId ? {} : { clientId: values.clientId || null }),
    ...(values.caseId === defaultValues.caseId ? {} : { caseId: values.caseId || null }),
    observacoes: values.observacoes.trim() === '' ? null : values.observacoes,
    ...(values.compartilhadoCliente === defaultValues.compartilhadoCliente
      ? {}
      : { compartilhadoCliente: values.compartilhadoCliente }),
    ...(confirm ? { confirmarConfidencial: true } : {}),
  }
}

/**
 * The metadata dialog: name, folder, access, tags, client, case, notes and 'Compartilhar com o cliente' (the
 * file itself changes by version).
 */
export function DocumentEditDialog({
  document,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  document: DocumentRow | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: (event: Event) => void
}) {
  const { t } = useTranslation('documents')
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={t('editDialog.title')}
      description={t('editDialog.description')}
      loading={false}
      loadingLabel=""
      loadError={null}
      loadErrorTitle=""
    >
      {document && <EditForm key={document.id} document={document} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function EditForm({ document, onDone }: { document: DocumentRow; onDone: () => void }) {
  const { t } = useTranslation('documents')
  const update = useUpdateDocument()
  const defaultValues = editValues(document)
  const [clientLabel, setClientLabel] = useState(document.cliente?.nomeCompleto ?? null)
  const [caseLabel, setCaseLabel] = useState(document.caso ? caseOptionLabel(document.caso) : null)
  const isSocio = useSession().data?.office?.nivelAcesso === 'socio'
  // The sócio's 'yes' to sharing a confidencial document; asked when turning the switch on, or on submit when
  // the level became confidencial while shared. Turning the switch off forgets it.
  const confirmed = useRef(false)
  const [asking, setAsking] = useState<'toggle' | 'submit' | null>(null)
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useAppForm<EditValues>({
    defaultValues,
    // The route's own schema checks the body the submit sends: a message here is the server's for that field.
    resolver: bodyResolver(documentUpdateBody, (values) =>
      updateBody(values, defaultValues, confirmed.current),
    ),
  })
  const client = useController({ control, name: 'clientId' })
  const legalCase = useController({ control, name: 'caseId' })
  const shared = useController({ control, name: 'compartilhadoCliente' })
  const confidential = useWatch({ control, name: 'nivelAcesso' }) === 'confidencial'
  const linked = client.field.value !== '' || legalCase.field.value !== ''

  const onSubmit = handleSubmit(async (values) => {
    if (
      isSocio &&
      !confirmed.current &&
      startsConfidentialShare(sharingOf(defaultValues), sharingOf(values))
    ) {
      setAsking('submit')
      return
    }
    try {
      await update.mutateAsync({
        id: document.id,
        data: updateBody(values, defaultValues, confirmed.current),
      })
      toast.success(t('toast.updated'), { description: values.nome })
      onDone()
    } catch (error) {
      reportSaveError(error, {
        values: defaultValues,
        setError,
        title: t('toast.saveError'),
        invalidDescription: t('toast.saveErrorDescription'),
      })
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('editDialog.nome')}
          htmlFor="document-nome"
          error={errors.nome?.message}
          className="sm:col-span-2"
        >
          <Input
            id="document-nome"
            autoComplete="off"
            aria-required
            maxLength={DOCUMENT_LIMITS.nome}
            {...register('nome')}
          />
        </FormField>
        <SelectFormField
          control={control}
          name="pasta"
          id="document-pasta"
          label={t('uploadDialog.pasta')}
          error={errors.pasta?.message}
          options={DOCUMENT_FOLDERS.map((folder) => ({ value: folder, label: t(`folder.${folder}`) }))}
        />
        <SelectFormField
          control={control}
          name="nivelAcesso"
          id="document-acesso"
          label={t('uploadDialog.nivelAcesso')}
          error={errors.nivelAcesso?.message}
          options={DOCUMENT_ACCESS_LEVELS.map((level) => ({ value: level, label: t(`access.${level}`) }))}
        />
        <FormField
          label={t('uploadDialog.etiquetas')}
          htmlFor="document-etiquetas"
          error={errors.etiquetas?.message}
          description={t('uploadDialog.etiquetasHint')}
          className="sm:col-span-2"
        >
          <Input
            id="document-etiquetas"
            autoComplete="off"
            placeholder={t('uploadDialog.etiquetasPlaceholder')}
            {...register('etiquetas')}
          />
        </FormField>
        <FormField label={t('uploadDialog.caso')} htmlFor="document-caso" error={errors.caseId?.message}>
          <CasePicker
            id="document-caso"
            value={legalCase.field.value}
            selectedLabel={caseLabel}
            onBlur={legalCase.field.onBlur}
            onValueChange={(value, label) => {
              legalCase.field.onChange(value)
              setCaseLabel(label)
            }}
          />
        </FormField>
        <FormField
          label={t('uploadDialog.cliente')}
          htmlFor="document-cliente"
          error={errors.clientId?.message}
        >
          <ClientPicker
            id="document-cliente"
            value={client.field.value}
            selectedLabel={clientLabel}
            onBlur={client.field.onBlur}
            onValueChange={(value, label) => {
              client.field.onChange(value)
              setClientLabel(label)
            }}
          />
        </FormField>
        <FormField
          label={t('uploadDialog.observacoes')}
          htmlFor="document-observacoes"
          error={errors.observacoes?.message}
          className="sm:col-span-2"
        >
          <Textarea
            id="document-observacoes"
            rows={3}
            maxLength={DOCUMENT_LIMITS.observacoes}
            {...register('observacoes')}
          />
        </FormField>
        <DocumentShareField
          id="document-compartilhado"
          checked={shared.field.value}
          onCheckedChange={(checked) => {
            if (checked && confidential && isSocio && !confirmed.current) {
              setAsking('toggle')
              return
            }
            if (!checked) confirmed.current = false
            shared.field.onChange(checked)
          }}
          linked={linked}
          confidential={confidential}
          isSocio={isSocio}
          error={errors.compartilhadoCliente?.message}
        />
      </div>
      <ConfidentialShareConfirm
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        onConfirm={() => {
          confirmed.current = true
          if (asking === 'toggle') setValue('compartilhadoCliente', true, { shouldDirty: true })
          else void onSubmit()
          setAsking(null)
        }}
      />
      <FormDialogActions
        onCancel={onDone}
        cancelLabel={t('editDialog.cancel')}
        submitLabel={t('editDialog.save')}
        submittingLabel={t('editDialog.saving')}
        isSubmitting={isSubmitting}
      />
    </form>
  )
}
