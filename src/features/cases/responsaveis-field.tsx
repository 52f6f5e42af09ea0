import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Checkbox } from '../../components/ui/checkbox'
import { Label } from '../../components/ui/label'
import { Skeleton } from '../../components/ui/skeleton'
import { accessLevel } from '../offices/offices.public'
import type { CaseMemberOption } from './cases.schema'
import { getCaseMemberOptionsQueryOptions } from './use-cases'

/**
 * 'Responsáveis': the case's responsible members, one checkbox per active member with system access
 * (GET /api/cases/member-options). `value` null = untouched on a new case: the caller's own membership
 * shows checked (the server makes the creator responsible by default). A member whose case access is
 * partial (the estagiário) can't untick themself: the server keeps them responsible anyway.
 */
export function ResponsaveisField({
  value,
  onChange,
  error,
}: {
  value: string[] | null
  onChange: (value: string[]) => void
  error?: string | undefined
}) {
  const { t } = useTranslation('cases')
  const options = useQuery(getCaseMemberOptionsQueryOptions())
  const items = options.data ?? []
  const selected = new Set(value ?? items.filter((o) => o.self).map((o) => o.memberId))
  const locked = (o: CaseMemberOption) => o.self && accessLevel(o.nivelAcesso, 'cases.view') === 'partial'

  function toggle(memberId: string, checked: boolean) {
    const next = new Set(selected)
    if (checked) next.add(memberId)
    else next.delete(memberId)
    // Only members still offered: a former member's id would be refused by the server.
    onChange(items.filter((o) => next.has(o.memberId)).map((o) => o.memberId))
  }

  return (
    <fieldset
      className="grid gap-2 sm:col-span-2"
      aria-describedby="case-responsaveis-hint"
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium">{t('form.responsaveis')}</legend>
      {options.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label={t('form.responsaveisLoading')}>
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-5 w-40" />
        </div>
      ) : options.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('form.responsaveisError')}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('form.responsaveisEmpty')}</p>
      ) : (
        <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-md border border-border p-2 sm:grid-cols-2">
          {items.map((option) => {
            const id = `case-responsavel-${option.memberId}`
            return (
              <li key={option.memberId} className="flex min-h-9 items-center gap-2">
                <Checkbox
                  id={id}
                  checked={selected.has(option.memberId)}
                  disabled={locked(option)}
                  onCheckedChange={(checked) => toggle(option.memberId, checked === true)}
                />
                <Label htmlFor={id} className="font-normal">
                  {option.nome}
                  {option.self && <span className="text-muted-foreground">{t('form.responsaveisYou')}</span>}
                </Label>
              </li>
            )
          })}
        </ul>
      )}
      <p id="case-responsaveis-hint" className="text-sm text-muted-foreground">
        {t('form.responsaveisHint')}
      </p>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
