import { Button, Container, Typography } from '@mui/material'
import { Component, type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useServices } from '../app/services.tsx'
import { localizedPath, splitLanguagePath } from '../language.ts'

/**
 * Catches a page that throws while rendering; a navigation elsewhere clears the error (without remounting the
 * layout, so focus and scroll handling carry on).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return <ErrorBoundary pathname={pathname}>{children}</ErrorBoundary>
}

interface BoundaryState {
  error: unknown
  /** Where the error happened; another address clears it. */
  erroredAt: string | undefined
}

class ErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: undefined, erroredAt: undefined }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error }
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (state.error === undefined) return null
    if (state.erroredAt === undefined) return { erroredAt: props.pathname }
    return state.erroredAt === props.pathname ? null : { error: undefined, erroredAt: undefined }
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorPage error={this.state.error} />
  }
}

/** What a page that threw shows: an apology and the way back. The error goes to the error service. */
function RouteErrorPage({ error }: { error: unknown }) {
  const services = useServices()
  const { pathname } = useLocation()
  const { t, i18n } = useTranslation('pwa')
  const language = splitLanguagePath(pathname).language ?? (i18n.language === 'en' ? 'en' : 'ja')
  useEffect(() => {
    services.errors.report(error, { where: 'route', pathname })
  }, [error, services, pathname])
  return (
    <Container component="main" id="main" maxWidth="sm" sx={{ py: 6 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {t('routeError.heading', { lng: language })}
      </Typography>
      <Typography component="p" sx={{ mb: 3 }}>
        {t('routeError.text', { lng: language })}
      </Typography>
      <Button variant="contained" href={localizedPath(language)}>
        {t('site.backToTop', { lng: language })}
      </Button>
    </Container>
  )
}
