import { useTranslation } from 'react-i18next'
import { RemotePicker, type RemotePickerProps } from './remote-picker'
import { getClientOptionsQueryOptions, type ClientOption } from './use-cases'

const toOption = (client: ClientOption) => ({ value: client.id, label: client.nomeCompleto })

/** Picks one of the office's active clients (GET /api/clients/options?search=); first option 'Nenhum cliente'. */
export function ClientPicker(props: RemotePickerProps) {
  const { t } = useTranslation('cases')
  return (
    <RemotePicker
      {...props}
      queryOptionsFor={getClientOptionsQueryOptions}
      toOption={toOption}
      texts={{
        none: t('form.clienteNone'),
        search: t('form.clienteSearch'),
        empty: t('form.clienteEmpty'),
        list: t('form.cliente'),
      }}
    />
  )
}
