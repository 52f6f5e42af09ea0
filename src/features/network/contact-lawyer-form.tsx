import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CheckCircle2Icon } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { ApiRequestError } from '../../lib/api-client'
import { maskPhoneInput } from '../../lib/br/phone'
import { contactInputSchema } from './network.schema'
import { useContactLawyer } from './use-network'

const EMPTY = { nome: '', email: '', telefone: '', mensagem: '', website: '' }
type Values = typeof EMPTY

/**
 * The public profile's contact form (issue 13), open to anonymous visitors. The message reaches the
 * lawyer as a notification and an e-mail and becomes a lead in their CRM. `website` is a honeypot:
 * off-screen and out of the tab order, so only bots fill it.
 */
export function ContactLawyerForm({ slug }: { slug: string }) {
  const { t } = useTranslation('network')
  const send = useContactLawyer(slug)
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({})
  const [sent, setSent] = useState(false)
  const id = useId()
  const headingId = `${id}-title`

  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({
      ...current,
      [name]: name === 'telefone' ? maskPhoneInput(event.target.value) : event.target.value,
    }))

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    event.stopPropagation()
    const parsed = contactInputSchema.safeParse({ ...values, telefone: values.telefone || undefined })
    if (!parsed.success) {
      const next: Partial<Record<keyof Values, string>> = {}
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Values] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    try {
      await send.mutateAsync(parsed.data)
      setSent(true)
      setValues(EMPTY)
    } catch (failure) {
      if (failure instanceof ApiRequestError) setErrors(failure.fields)
      toast.error(t('contact.error'), {
        description: failure instanceof ApiRequestError ? failure.message : undefined,
      })
    }
  }

  return (
    <Card role="region" aria-labelledby={headingId} data-network="contact">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="text-lg font-semibold">
            {t('contact.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('contact.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sent ? (
          <div role="status" className="grid justify-items-start gap-3">
            <p className="flex items-center gap-2 font-medium">
              <CheckCircle2Icon aria-hidden className="size-5 text-green-600" />
              {t('contact.sent')}
            </p>
            <p className="text-sm text-muted-foreground">{t('contact.sentDescription')}</p>
            <Button type="button" variant="outline" onClick={() => setSent(false)}>
              {t('contact.another')}
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label={t('contact.nome')} htmlFor={`${id}-nome`} error={errors.nome}>
                <Input
                  id={`${id}-nome`}
                  autoComplete="name"
                  maxLength={160}
                  value={values.nome}
                  onChange={set('nome')}
                />
              </FormField>
              <FormField label={t('contact.email')} htmlFor={`${id}-email`} error={errors.email}>
                <Input
                  id={`${id}-email`}
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  value={values.email}
                  onChange={set('email')}
                />
              </FormField>
            </div>
            <FormField label={t('contact.telefone')} htmlFor={`${id}-telefone`} error={errors.telefone}>
              <Input
                id={`${id}-telefone`}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={values.telefone}
                onChange={set('telefone')}
              />
            </FormField>
            <FormField label={t('contact.mensagem')} htmlFor={`${id}-mensagem`} error={errors.mensagem}>
              <Textarea
                id={`${id}-mensagem`}
                rows={5}
                maxLength={3000}
                placeholder={t('contact.mensagemPlaceholder')}
                value={values.mensagem}
                onChange={set('mensagem')}
              />
            </FormField>
            <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
              <label htmlFor={`${id}-website`}>{t('contact.honeypot')}</label>
              <input
                id={`${id}-website`}
                name="website"
                type="text"
                tabIndex={-1}
                autoComplete="off"
                value={values.website}
                onChange={set('website')}
              />
            </div>
            <p className="text-xs text-muted-foreground">{t('contact.privacy')}</p>
            <div>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? t('contact.sending') : t('contact.submit')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  )
}
