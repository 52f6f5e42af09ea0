import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Building2, Check, ChevronsUpDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { api, unwrap } from '../../lib/api-client'
import type { OfficeList } from './offices.schema'

export const officesQueryKey = ['offices'] as const

/**
 * The header's current office and, for a person in several offices, the switch between them. The server
 * keeps the choice (office_members.selected_at), so it survives a reload; after a switch every cached
 * answer belonged to the other office, so all of them are dropped and refetched.
 */
export function OfficeSwitcher() {
  const { t } = useTranslation('offices')
  const queryClient = useQueryClient()
  const offices = useQuery({
    queryKey: officesQueryKey,
    queryFn: () => unwrap<OfficeList>(api.offices.$get()),
    staleTime: 60_000,
  })
  const select = useMutation({
    mutationFn: (officeId: string) => unwrap(api.offices.current.$post({ json: { officeId } })),
    onSuccess: async (office) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' })
      await queryClient.invalidateQueries()
      toast.success(t('switched', { nome: office.nome }))
    },
    onError: (error) => toast.error(error.message),
  })

  const list = offices.data?.offices ?? []
  const current = list.find((office) => office.current)
  if (!current) return null
  if (list.length < 2)
    return (
      <p className="hidden max-w-48 truncate text-sm text-muted-foreground sm:block" title={current.nome}>
        {current.nome}
      </p>
    )
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="max-w-40 sm:max-w-56"
          aria-label={t('label', { nome: current.nome })}
          disabled={select.isPending}
        >
          <Building2 aria-hidden />
          <span className="truncate">{current.nome}</span>
          <ChevronsUpDown aria-hidden className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-72">
        <DropdownMenuLabel>{t('title')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {list.map((office) => (
          <DropdownMenuItem
            key={office.id}
            disabled={office.current || select.isPending}
            onSelect={() => select.mutate(office.id)}
          >
            {office.current ? <Check aria-hidden /> : <span className="size-4" aria-hidden />}
            <span className="min-w-0 flex-1 truncate">{office.nome}</span>
            <span className="text-xs text-muted-foreground">{t(`nivel.${office.nivelAcesso}`)}</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
