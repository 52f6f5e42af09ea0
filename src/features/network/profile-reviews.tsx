import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { StarIcon } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField } from '../../components/ui/form-field'
import { Skeleton } from '../../components/ui/skeleton'
import { Textarea } from '../../components/ui/textarea'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { cn } from '../../lib/utils'
import { useSession } from '../auth/auth.public'
import { reviewInputSchema, type ReviewPage } from './network.schema'
import { ReportButton } from './report-button'
import { useReviews, useSaveReview } from './use-network'

const PAGE = 5

/** Five stars, filled up to `rating`; read as text by screen readers. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation('network')
  return (
    <span
      className={cn('inline-flex items-center gap-0.5', className)}
      role="img"
      aria-label={t('reviews.stars', { rating })}
    >
      {[1, 2, 3, 4, 5].map((value) => (
        <StarIcon
          key={value}
          aria-hidden
          className={cn(
            'size-4',
            value <= Math.round(rating) ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
          )}
        />
      ))}
    </span>
  )
}

/**
 * A public lawyer's reviews (issue 13): average, count, the newest first, 'Denunciar' on each, and the
 * form for a signed-in visitor who is not the lawyer (a second submit edits their review).
 * `lawyer` is the profile slug or the lawyer's user id.
 */
export function ProfileReviews({ slug, lawyerUserId }: { slug?: string; lawyerUserId?: string }) {
  const { t } = useTranslation('network')
  const lawyer = slug ?? lawyerUserId ?? ''
  const [limit, setLimit] = useState(PAGE)
  const reviews = useReviews(lawyer, limit)
  const headingId = useId()
  const data = reviews.data

  return (
    <Card role="region" aria-labelledby={headingId} data-network="reviews">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="text-lg font-semibold">
            {t('reviews.title')}
          </h2>
        </CardTitle>
        {data && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {data.average !== null && (
              <>
                <Stars rating={data.average} />
                <span className="font-medium text-foreground">
                  {t('reviews.average', { average: data.average.toLocaleString('pt-BR') })}
                </span>
              </>
            )}
            <span>{t('reviews.count', { count: data.count })}</span>
          </p>
        )}
      </CardHeader>
      <CardContent className="grid gap-6">
        {reviews.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : reviews.isError || !data ? (
          <p role="alert" className="text-sm text-destructive">
            {reviews.error instanceof ApiRequestError ? reviews.error.message : t('reviews.loadError')}
          </p>
        ) : (
          <>
            {data.canReview ? <ReviewForm lawyer={lawyer} page={data} /> : <SignInToReview />}
            {data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('reviews.none')}</p>
            ) : (
              <ul className="grid gap-4">
                {data.items.map((review) => (
                  <li key={review.id} className="grid gap-1 border-b pb-4 last:border-b-0 last:pb-0">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{review.reviewerName}</span>
                        <Stars rating={review.rating} />
                        <span className="text-xs text-muted-foreground">
                          {formatDateBR(review.createdAt)}
                          {review.updatedAt !== review.createdAt && ` · ${t('reviews.edited')}`}
                        </span>
                      </div>
                      {review.mine ? (
                        <span className="text-xs text-muted-foreground">{t('reviews.mine')}</span>
                      ) : (
                        <ReportButton targetType="review" targetId={review.id} />
                      )}
                    </div>
                    <p className="text-sm break-words whitespace-pre-line">{review.texto}</p>
                  </li>
                ))}
              </ul>
            )}
            {data.items.length < data.total && (
              <Button type="button" variant="outline" onClick={() => setLimit((value) => value + PAGE * 2)}>
                {t('reviews.more')}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}

function SignInToReview() {
  const { t } = useTranslation('network')
  const session = useSession()
  // The lawyer looking at their own profile sees no form and no invitation.
  if (session.isPending || session.isSignedIn) return null
  return (
    <p className="text-sm text-muted-foreground">
      {t('reviews.signInToReview')}{' '}
      <Link to={paths.auth} className="font-medium text-primary underline-offset-4 hover:underline">
        {t('signIn')}
      </Link>
    </p>
  )
}

function ReviewForm({ lawyer, page }: { lawyer: string; page: ReviewPage }) {
  const { t } = useTranslation('network')
  const save = useSaveReview(lawyer)
  const [rating, setRating] = useState(page.mine?.rating ?? 0)
  const [texto, setTexto] = useState(page.mine?.texto ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const textId = useId()
  const ratingName = useId()
  const editing = page.mine !== null

  useEffect(() => {
    if (page.mine) {
      setRating(page.mine.rating)
      setTexto(page.mine.texto)
    }
  }, [page.mine])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    event.stopPropagation()
    const parsed = reviewInputSchema.safeParse({ rating, texto })
    if (!parsed.success) {
      const next: Record<string, string> = {}
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    try {
      const result = await save.mutateAsync(parsed.data)
      toast.success(result.created ? t('reviews.saved') : t('reviews.updated'))
    } catch (failure) {
      if (failure instanceof ApiRequestError) setErrors(failure.fields)
      toast.error(t('reviews.saveError'), {
        description: failure instanceof ApiRequestError ? failure.message : undefined,
      })
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3 rounded-lg border p-4">
      <h3 className="font-medium">{editing ? t('reviews.formTitleEdit') : t('reviews.formTitle')}</h3>
      <fieldset className="grid gap-2" aria-describedby={errors.rating ? `${ratingName}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">{t('reviews.rating')}</legend>
        <div className="flex flex-wrap gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center rounded-md p-1 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              )}
            >
              <input
                type="radio"
                name={ratingName}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="sr-only"
              />
              <StarIcon
                aria-hidden
                className={cn(
                  'size-6',
                  value <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
                )}
              />
              <span className="sr-only">{t('reviews.starOption', { count: value })}</span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id={`${ratingName}-error`} role="alert" className="text-sm text-destructive">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <FormField label={t('reviews.text')} htmlFor={textId} error={errors.texto}>
        <Textarea
          id={textId}
          value={texto}
          maxLength={2000}
          placeholder={t('reviews.textPlaceholder')}
          onChange={(event) => setTexto(event.target.value)}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {editing ? t('reviews.update') : t('reviews.submit')}
        </Button>
      </div>
    </form>
  )
}
