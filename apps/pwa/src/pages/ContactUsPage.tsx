import { useEffect, useState } from 'react'
import { useServices } from '../app/services.tsx'
import { type LocalizedContent, Page, PageHeading, useContent } from '../content/Page.tsx'
import en from '../locales/en/contact-us.json'
import ja from '../locales/ja/contact-us.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

/**
 * contact-us replaces the page with the configured contact form (runtime config `contactUrl`), so Back returns
 * to the page the visitor came from rather than to this one (docs/requirements.md SITE-6).
 */
export default function ContactUsPage() {
  const { content } = useContent(copy)
  const services = useServices()
  const [state, setState] = useState<{ contactUrl?: string; failed?: boolean }>({})
  useEffect(() => {
    let live = true
    services.config().then(
      ({ contactUrl }) => {
        if (!live) return
        setState({ contactUrl })
        services.replaceLocation(contactUrl)
      },
      () => live && setState({ failed: true }),
    )
    return () => {
      live = false
    }
  }, [services])
  return (
    <Page width="sm">
      <PageHeading pageId="contact-us" />
      {state.failed ? (
        <div className="note" role="alert">
          <p>{content.failed}</p>
        </div>
      ) : (
        <p role="status">{content.redirecting}</p>
      )}
      {state.contactUrl && (
        <p>
          <a href={state.contactUrl}>{content.fallback}</a>
        </p>
      )}
    </Page>
  )
}
