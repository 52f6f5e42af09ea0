import { useQuery } from '@tanstack/react-query'
import { Folder } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Skeleton } from '../../components/ui/skeleton'
import { cn } from '../../lib/utils'
import { DOCUMENT_FOLDER_COLORS, DOCUMENT_FOLDERS, type DocumentFolder } from './documents.schema'
import { getDocumentStatsQueryOptions } from './use-documents'

/** Spec §2 colours: a tint with AA-contrast text for the folder icons, the full colour for the small dots. */
const COLOR_CLASSES = {
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300',
  green: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  purple: 'bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-300',
  orange: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
} as const
const DOT_CLASSES = {
  blue: 'bg-blue-500',
  green: 'bg-green-500',
  purple: 'bg-purple-500',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
} as const

/** The colour dot of a folder, beside its name in the rows. */
export function folderDotClass(folder: DocumentFolder) {
  return DOT_CLASSES[DOCUMENT_FOLDER_COLORS[folder]]
}

/** The folder view's grid: the five folders with their real counts (from the stats). */
export function DocumentFolders({ onOpen }: { onOpen: (folder: DocumentFolder) => void }) {
  const { t } = useTranslation('documents')
  const stats = useQuery(getDocumentStatsQueryOptions())

  return (
    <ul
      aria-label={t('folders.label')}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
    >
      {DOCUMENT_FOLDERS.map((folder) => {
        const name = t(`folder.${folder}`)
        const count = stats.data?.porPasta[folder] ?? 0
        const countText = t('folders.count', { count })
        return (
          <li key={folder}>
            <button
              type="button"
              data-testid={`folder-${folder}`}
              aria-label={t('folders.openLabel', { name, count: countText })}
              onClick={() => onOpen(folder)}
              // A row on phones, a tile (icon above) when five share a line, so long names wrap instead of cutting.
              className="flex h-full w-full items-center gap-3 rounded-xl border bg-card p-4 text-left shadow-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 xl:flex-col xl:items-start"
            >
              <span
                aria-hidden
                className={cn(
                  'flex size-11 shrink-0 items-center justify-center rounded-lg',
                  COLOR_CLASSES[DOCUMENT_FOLDER_COLORS[folder]],
                )}
              >
                <Folder className="size-6" />
              </span>
              <span className="grid min-w-0 gap-0.5">
                <span className="font-medium break-words">{name}</span>
                {stats.isPending ? (
                  <Skeleton className="h-4 w-20" />
                ) : (
                  <span className="text-sm text-muted-foreground tabular-nums">{countText}</span>
                )}
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
