import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api, unwrap } from '../../lib/api-client'
import { useSession } from '../auth/auth.public'
import { can } from '../offices/offices.public'
import { RemotePicker, type RemotePickerProps } from './remote-picker'

/** Active cases by title or number (max 20): GET /api/cases/options. Key under 'cases': any case change refreshes it. */
function getCaseOptionsQueryOptions(search: string, clientId: string | undefined) {
  return queryOptions({
    queryKey: ['cases', 'options', search, clientId ?? null] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.cases.options.$get(
          { query: { ...(search ? { search } : {}), ...(clientId ? { clientId } : {}) } },
          { init: { signal } },
        ),
      ),
    select: (data) => data.items,
    placeholderData: keepPreviousData,
  })
}

/** 'Ação de cobrança · 0001234-56.2024.8.26.0100' (the number tells apart two cases with one title). */
export function caseOptionLabel(item: { titulo: string; numeroProcesso: string | null }): string {
  return item.numeroProcesso ? `${item.titulo} · ${item.numeroProcesso}` : item.titulo
}

const toOption = (item: { id: string; titulo: string; numeroProcesso: string | null }) => ({
  value: item.id,
  label: caseOptionLabel(item),
})

/**
 * Picks one of the office's active cases, by title or number; the first option is 'Nenhum caso'. With
 * `clientId`, only that client's cases. A member whose level sees no case (an assistente) gets it disabled,
 * saying so, instead of a search the server refuses.
 */
export function CasePicker({ clientId, ...props }: RemotePickerProps & { clientId?: string | undefined }) {
  const { t } = useTranslation('cases')
  const nivel = useSession().data?.office?.nivelAcesso
  return (
    <RemotePicker
      {...props}
      disabledReason={nivel && !can(nivel, 'cases.view') ? t('picker.casoForbidden') : undefined}
      queryOptionsFor={(search) => getCaseOptionsQueryOptions(search, clientId)}
      toOption={toOption}
      texts={{
        none: t('picker.casoNone'),
        search: t('picker.casoSearch'),
        empty: t('picker.casoEmpty'),
        list: t('picker.caso'),
      }}
    />
  )
}
