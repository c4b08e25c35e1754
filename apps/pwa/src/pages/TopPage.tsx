import { RouterLink } from '@furfes/ui'
import { Box, Button, Container } from '@mui/material'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { linkShown } from '../app/edition.ts'
import { useServices } from '../app/services.tsx'
import { isSignedOutNavigation } from '../app/status.ts'
import { useEdition } from '../app/useEdition.ts'
import { AddToCalendar } from '../content/AddToCalendar.tsx'
import { ExternalLink } from '../content/ExternalLink.tsx'
import { type LocalizedContent, useContent } from '../content/Page.tsx'
import { proseSx } from '../content/prose.ts'
import { RegistrationPhase } from '../content/RegistrationPhase.tsx'
import { fill, RichText } from '../content/RichText.tsx'
import { formatNumber, scheduleValues } from '../content/values.ts'
import { localizedPath } from '../language.ts'
import { SocialLinks } from '../layout/SocialLinks.tsx'
import en from '../locales/en/top.json'
import ja from '../locales/ja/top.json'

const copy = { ja, en } satisfies LocalizedContent<typeof ja>

export default function TopPage() {
  const { t } = useTranslation('pwa')
  const { content, language } = useContent(copy)
  const state = useEdition()
  const { edition } = state
  const values = scheduleValues(language, state)
  const eventDate = fill('{{eventDate}}', values)
  const place = t('event.place', { place: edition.publicPlace[language] })
  useReloadAfterSignOut()
  return (
    <>
      <Box
        component="section"
        aria-labelledby="event-name"
        sx={{
          // The pale yellow stays in the dark scheme too: it is the site's face (docs/decisions/127).
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
          py: { xs: 4, md: 7 },
          borderBottom: 1,
          borderColor: 'divider',
          '& .hero': {
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 300px' },
            alignItems: 'center',
            columnGap: 4,
          },
          '& .visual': {
            gridColumn: { md: 2 },
            gridRow: { md: 1 },
            justifySelf: 'center',
            mb: { xs: 1, md: 0 },
          },
          '& .text': { gridColumn: { md: 1 }, gridRow: { md: 1 }, minWidth: 0 },
          '& .key-visual': {
            display: 'block',
            width: { xs: 160, md: 300 },
            maxWidth: '100%',
            height: 'auto',
          },
          // The night variant of the key visual for the dark scheme; the day one otherwise.
          '& .key-visual.night, .dark & .key-visual.day': { display: 'none' },
          '.dark & .key-visual.night': { display: 'block' },
          '& h1': { fontSize: { xs: '2rem', md: '3rem' }, fontWeight: 800, lineHeight: 1.25, m: 0, mb: 2 },
          '& .date': { fontSize: { xs: '1.25rem', md: '1.5rem' }, fontWeight: 700, m: 0 },
          '& .hours': { whiteSpace: 'nowrap' },
          '& .place': { mt: 0.5, mb: 0 },
          '& .summary': { mt: 2, mb: 0, lineHeight: 1.8 },
          '& .actions': { display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, mt: 3 },
        }}
      >
        <Container maxWidth="md" className="hero">
          {/* Decorative: the event's name is the heading beside it. Markup and an image, no script. */}
          <div className="visual">
            <img
              className="key-visual day"
              src="/brand/key-visual-light.svg"
              alt=""
              width={400}
              height={300}
            />
            <img
              className="key-visual night"
              src="/brand/key-visual-dark.svg"
              alt=""
              width={400}
              height={300}
            />
          </div>
          <div className="text">
            <h1 id="event-name">{edition.name[language]}</h1>
            <p className="date">
              {eventDate} <span className="hours">{fill('{{eventHours}}', values)}</span>
            </p>
            <p className="place">{place}</p>
            <p className="summary">{content.lead}</p>
            <RegistrationPhase language={language} edition={state} />
            <div className="actions">
              <Button variant="contained" size="large" href={localizedPath(language, 'about-registration')}>
                {content.actions.registration}
              </Button>
              <Button
                variant="outlined"
                size="large"
                color="inherit"
                href={localizedPath(language, 'timetable')}
              >
                {content.actions.timetable}
              </Button>
            </div>
          </div>
        </Container>
      </Box>

      <Container maxWidth="md" sx={{ ...proseSx, py: { xs: 3, md: 5 } }}>
        <section aria-labelledby="facts">
          <h2 id="facts">{content.facts.heading}</h2>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: { sm: 'max-content 1fr' }, columnGap: 3 }}
          >
            <dt>{content.facts.date}</dt>
            <dd>{eventDate}</dd>
            <dt>{content.facts.hours}</dt>
            <dd>{fill('{{eventHours}}', values)}</dd>
            <dt>{content.facts.place}</dt>
            <dd>{place}</dd>
            <dt>{content.facts.participants}</dt>
            <dd>
              {fill(content.facts.participantsValue, {
                count: formatNumber(edition.expectedParticipants, language),
              })}
            </dd>
            <dt>{content.facts.organizer}</dt>
            <dd>{t('event.organizer')}</dd>
          </Box>
          <AddToCalendar language={language} edition={state} />
        </section>

        <section aria-labelledby="highlights">
          <h2 id="highlights">{content.highlights.heading}</h2>
          <div className="grid">
            {content.highlights.items.map((item) => (
              <article key={item.title} className="card">
                <h3>{item.title}</h3>
                <p>{item.text}</p>
                <p>
                  <RouterLink href={localizedPath(language, item.link)}>{item.linkLabel}</RouterLink>
                </p>
              </article>
            ))}
          </div>
        </section>

        <section aria-labelledby="social">
          <h2 id="social">{t('social.heading')}</h2>
          <p>{content.social.text}</p>
          <SocialLinks />
        </section>

        <section aria-labelledby="external-links">
          <h2 id="external-links">{content.externalLinks.heading}</h2>
          <ul>
            {content.externalLinks.items.map((item) => {
              const link = edition.links[item.form as keyof typeof edition.links]
              // The inquiry form falls back to the site's contact page; the others show once open.
              if (item.form !== 'inquiryForm' && !linkShown(link, state.judgedAt)) return null
              return (
                <li key={item.form}>
                  {link.url !== '' ? (
                    <ExternalLink href={link.url}>{item.label}</ExternalLink>
                  ) : (
                    <RouterLink href={localizedPath(language, 'contact-us')}>{item.label}</RouterLink>
                  )}
                  <br />
                  <span className="muted">
                    <RichText text={item.description} values={values} language={language} />
                  </span>
                </li>
              )
            })}
          </ul>
        </section>
      </Container>
    </>
  )
}

/**
 * Arriving from sign-out forces a full reload (docs/requirements.md SITE-5): nothing of the signed-in session may survive
 * in memory. The reload lands on the same top page without the navigation state, so it happens once.
 */
function useReloadAfterSignOut() {
  const location = useLocation()
  const services = useServices()
  const signedOut = isSignedOutNavigation(location.state)
  useEffect(() => {
    if (!signedOut) return
    // Chromium treats replacing a page with its own address as a reload, which keeps the history entry's
    // state: without clearing it first, the reloaded top page would see "from sign-out" again and reload once
    // more, racing whatever the reader opens next.
    window.history.replaceState(null, '')
    services.replaceLocation(`${location.pathname}${location.search}${location.hash}`)
  }, [signedOut, services, location])
}
