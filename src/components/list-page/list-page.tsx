import type { ReactNode } from 'react'
import { Card, CardContent } from '../ui/card'

/**
 * The frame of an office list page (CRM, Casos): the header, the stat cards, then one card holding the
 * filters above the list; `dialogs` (the record form, a confirmation) come last.
 */
export function ListPage(props: {
  header: ReactNode
  stats?: ReactNode
  filters: ReactNode
  children: ReactNode
  dialogs?: ReactNode
}) {
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 p-4 md:p-6">
      {props.header}
      {props.stats}
      <Card className="gap-4 py-4">
        <CardContent className="grid grid-cols-1 gap-4 px-4">
          {props.filters}
          {props.children}
        </CardContent>
      </Card>
      {props.dialogs}
    </div>
  )
}

/** A translate function of a feature's namespace (react-i18next's `t`). */
type Translate = (key: string, options?: Record<string, unknown>) => string

const countFormat = new Intl.NumberFormat('pt-BR')

/**
 * ListBody's texts from a namespace that follows the office lists' keys: error.title, error.retry,
 * showing ({{shown}} of {{total}}), loadMore, loadingMore.
 */
export function listBodyTexts(t: Translate, shown: number, total: string) {
  return {
    errorTitle: t('error.title'),
    retryLabel: t('error.retry'),
    showingText: t('showing', { shown: countFormat.format(shown), total }),
    loadMoreLabel: t('loadMore'),
    loadingMoreLabel: t('loadingMore'),
  }
}
