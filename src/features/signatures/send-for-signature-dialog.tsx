import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { FileSignature, Plus, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Checkbox } from '../../components/ui/checkbox'
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
import { Label } from '../../components/ui/label'
import { Textarea } from '../../components/ui/textarea'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateTimeBR } from '../../lib/br/dates'
import { useSession } from '../auth/auth.public'
import {
  getSignerClientQueryOptions,
  useCancelSignature,
  useDocumentSignatures,
  useSendForSignature,
} from './use-signatures'

/** What the dialog needs of a documents row. */
export interface SignableDocument {
  id: string
  nome: string
  tipo: string
  cliente: { id: string; nomeCompleto: string } | null
}

interface SignerDraft {
  key: number
  name: string
  email: string
  cpf: string
  clientId?: string
}

let nextKey = 1
const draft = (values: Partial<SignerDraft> = {}): SignerDraft => ({
  key: nextKey++,
  name: '',
  email: '',
  cpf: '',
  ...values,
})

/** The row's 'Enviar para assinatura' button and its dialog (PDF documents only). */
export function SendForSignatureButton({
  document,
  withText,
  variant = 'ghost',
}: {
  document: SignableDocument
  withText: boolean
  /** 'ghost' in a table row; 'outline' beside other actions (the generated document's). */
  variant?: 'ghost' | 'outline'
}) {
  const { t } = useTranslation('signatures')
  const [open, setOpen] = useState(false)
  if (document.tipo !== 'PDF') return null
  return (
    <>
      <Button
        variant={variant}
        size={withText && variant === 'ghost' ? 'sm' : withText ? 'default' : 'icon'}
        aria-label={t('send.actionLabel', { name: document.nome })}
        title={withText ? undefined : t('send.actionLabel', { name: document.nome })}
        onClick={() => setOpen(true)}
      >
        <FileSignature aria-hidden />
        {withText && t('send.action')}
      </Button>
      {open && <SendForSignatureDialog document={document} onClose={() => setOpen(false)} />}
    </>
  )
}

function SendForSignatureDialog({ document, onClose }: { document: SignableDocument; onClose: () => void }) {
  const { t } = useTranslation('signatures')
  const session = useSession()
  const send = useSendForSignature()
  const history = useDocumentSignatures(document.id, true)
  const cancel = useCancelSignature()
  const clientId = document.cliente?.id
  const client = useQuery({ ...getSignerClientQueryOptions(clientId ?? ''), enabled: Boolean(clientId) })
  const [signers, setSigners] = useState<SignerDraft[]>(() =>
    document.cliente
      ? [draft({ name: document.cliente.nomeCompleto, clientId: document.cliente.id })]
      : [draft()],
  )
  const [includeMe, setIncludeMe] = useState(false)
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})

  // The client's e-mail arrives with the record: fill it unless the user typed one already.
  const clientEmail = client.data?.email
  useEffect(() => {
    if (!clientEmail) return
    setSigners((list) => list.map((s) => (s.clientId && !s.email ? { ...s, email: clientEmail } : s)))
  }, [clientEmail])

  const update = (key: number, values: Partial<SignerDraft>) =>
    setSigners((list) => list.map((s) => (s.key === key ? { ...s, ...values } : s)))

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const me = session.data
    const all = [
      ...signers.map((s) => ({
        name: s.name,
        email: s.email,
        cpf: s.cpf || undefined,
        clientId: s.clientId,
      })),
      ...(includeMe && me ? [{ name: me.profile.nomeCompleto || me.user.name, email: me.user.email }] : []),
    ]
    send.mutate(
      { documentId: document.id, signers: all, message: message || undefined },
      {
        onSuccess: () => {
          toast.success(t('send.sent'))
          onClose()
        },
        onError: (error) => {
          if (error instanceof ApiRequestError) setErrors(error.fields)
          toast.error(t('send.error'), { description: error.message })
        },
      },
    )
  }

  const previous = history.data ?? []
  return (
    <Dialog open onOpenChange={(value) => !value && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('send.title')}</DialogTitle>
          <DialogDescription>{t('send.description')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <p className="text-sm font-medium break-words">{document.nome}</p>
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">{t('send.signers')}</legend>
            {signers.map((signer, index) => (
              <div key={signer.key} className="grid gap-2 rounded-md border p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-xs text-muted-foreground">
                    {signer.clientId ? t('send.client') : `#${index + 1}`}
                  </span>
                  {signers.length > 1 && (
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t('send.removeSigner', { n: index + 1 })}
                      onClick={() => setSigners((list) => list.filter((s) => s.key !== signer.key))}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  )}
                </div>
                <FormField label={t('send.name')} htmlFor={`signer-name-${signer.key}`}>
                  <Input
                    id={`signer-name-${signer.key}`}
                    value={signer.name}
                    autoComplete="off"
                    onChange={(e) => update(signer.key, { name: e.target.value })}
                  />
                </FormField>
                <FormField label={t('send.email')} htmlFor={`signer-email-${signer.key}`}>
                  <Input
                    id={`signer-email-${signer.key}`}
                    type="email"
                    value={signer.email}
                    autoComplete="off"
                    onChange={(e) => update(signer.key, { email: e.target.value })}
                  />
                </FormField>
                {!signer.clientId && (
                  <FormField label={t('send.cpf')} htmlFor={`signer-cpf-${signer.key}`}>
                    <Input
                      id={`signer-cpf-${signer.key}`}
                      inputMode="numeric"
                      value={signer.cpf}
                      onChange={(e) => update(signer.key, { cpf: e.target.value })}
                    />
                  </FormField>
                )}
              </div>
            ))}
            {document.cliente && <p className="text-xs text-muted-foreground">{t('send.cpfHint')}</p>}
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setSigners((l) => [...l, draft()])}
            >
              <Plus aria-hidden />
              {t('send.addSigner')}
            </Button>
            <div className="flex items-center gap-2">
              <Checkbox
                id="signature-include-me"
                checked={includeMe}
                onCheckedChange={(value) => setIncludeMe(value === true)}
              />
              <Label htmlFor="signature-include-me">{t('send.addMe')}</Label>
            </div>
          </fieldset>
          {errors['signers'] && (
            <p role="alert" className="text-sm text-destructive">
              {errors['signers']}
            </p>
          )}
          <FormField label={t('send.message')} htmlFor="signature-message">
            <Textarea
              id="signature-message"
              value={message}
              maxLength={2000}
              onChange={(e) => setMessage(e.target.value)}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('send.cancel')}
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t('send.sending') : t('send.submit')}
            </Button>
          </DialogFooter>
        </form>
        {previous.length > 0 && (
          <section className="grid gap-2 border-t pt-3" aria-label={t('send.history')}>
            <h3 className="text-sm font-medium">{t('send.history')}</h3>
            <ul className="grid gap-2 text-sm">
              {previous.map((request) => (
                <li key={request.id} className="grid gap-1 rounded-md border p-2">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">
                      {t(`badge.${request.status}`, { signed: request.signed, total: request.total })}
                    </span>
                    {request.status === 'pendente' && (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        disabled={cancel.isPending}
                        onClick={() =>
                          cancel.mutate(request.id, {
                            onSuccess: () => toast.success(t('send.cancelled')),
                            onError: (error) => toast.error(error.message),
                          })
                        }
                      >
                        {t('send.cancelRequest')}
                      </Button>
                    )}
                  </div>
                  <span className="text-xs text-muted-foreground">
                    {t('send.code', { code: request.verificationCode })}
                  </span>
                  <ul className="grid gap-0.5 text-xs">
                    {request.signers.map((s) => (
                      <li key={s.id}>
                        {s.name} —{' '}
                        {t(`send.signerStatus.${s.status}`, { date: formatDateTimeBR(s.signedAt) })}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
        )}
      </DialogContent>
    </Dialog>
  )
}
