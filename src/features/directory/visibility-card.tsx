import { ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Label } from '../../components/ui/label'
import { Separator } from '../../components/ui/separator'
import { Skeleton } from '../../components/ui/skeleton'
import { Switch } from '../../components/ui/switch'
import { paths } from '../../lib/paths'
import type { VisibilityDto } from './directory.schema'
import { useSaveVisibility, useVisibility } from './use-directory'

type Key = 'perfilPublico' | 'atendeVideo' | 'mostrarHonorarios'

/**
 * Settings → 'Perfil público' (on by default for lawyers), 'Atende por vídeo', 'Mostrar faixa de honorários'.
 * Each switch saves at once: turning the public profile off hides the lawyer from the search, the public
 * page and every card in the same request (issue 13).
 */
export function DirectoryVisibilityCard() {
  const { t } = useTranslation('directory')
  const visibility = useVisibility()
  const save = useSaveVisibility()

  const toggle = (current: VisibilityDto, key: Key, value: boolean) => {
    const { perfilPublico, atendeVideo, mostrarHonorarios } = current
    save.mutate(
      { perfilPublico, atendeVideo, mostrarHonorarios, [key]: value },
      {
        onSuccess: () => toast.success(t('visibility.saved')),
        onError: (error) => toast.error(t('visibility.saveError'), { description: error.message }),
      },
    )
  }

  return (
    <Card aria-labelledby="directory-visibility-title">
      <CardHeader>
        <CardTitle>
          <h2 id="directory-visibility-title" className="text-lg">
            {t('visibility.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('visibility.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {visibility.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : visibility.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p className="text-sm">{t('visibility.loadError')}</p>
            <Button variant="outline" onClick={() => void visibility.refetch()}>
              {t('visibility.retry')}
            </Button>
          </div>
        ) : (
          <>
            <Row
              id="directory-perfilPublico"
              label={t('visibility.public')}
              hint={`${t('visibility.publicHint')} ${t('visibility.publicOff')}`}
              checked={visibility.data.perfilPublico}
              disabled={save.isPending}
              onChange={(value) => toggle(visibility.data, 'perfilPublico', value)}
            />
            {visibility.data.isLawyer && (
              <>
                <Row
                  id="directory-atendeVideo"
                  label={t('visibility.video')}
                  hint={t('visibility.videoHint')}
                  checked={visibility.data.atendeVideo}
                  disabled={save.isPending}
                  onChange={(value) => toggle(visibility.data, 'atendeVideo', value)}
                />
                <Row
                  id="directory-mostrarHonorarios"
                  label={t('visibility.fees')}
                  hint={t('visibility.feesHint')}
                  checked={visibility.data.mostrarHonorarios}
                  disabled={save.isPending}
                  onChange={(value) => toggle(visibility.data, 'mostrarHonorarios', value)}
                />
                {visibility.data.perfilPublico && (
                  <a
                    href={paths.lawyer.replace(':slug', visibility.data.slug)}
                    className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    <ExternalLink aria-hidden className="size-4" />
                    {t('visibility.viewProfile')}
                  </a>
                )}
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}

function Row(props: {
  id: string
  label: string
  hint: string
  checked: boolean
  disabled: boolean
  onChange: (value: boolean) => void
}) {
  return (
    <>
      <Separator className="first:hidden" />
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={props.id}>{props.label}</Label>
          <p id={`${props.id}-hint`} className="text-sm text-muted-foreground">
            {props.hint}
          </p>
        </div>
        <Switch
          id={props.id}
          checked={props.checked}
          disabled={props.disabled}
          onCheckedChange={props.onChange}
          aria-describedby={`${props.id}-hint`}
        />
      </div>
    </>
  )
}
