import { ErrorAlert } from '@furfes/ui'
import { Alert, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useApiRead } from '../app/api-read.ts'
import { useServices } from '../app/services.tsx'
import { useStaffAccess } from '../auth/staff-access.tsx'
import { useChosenEdition } from './past-edition.ts'

/**
 * Which edition a staff screen shows: the current one unless the committee chooses a past one, kept in the
 * address (`?edition=`) so a reload keeps it, with the notice that a past festival is read only. Nothing for
 * roles that may not list editions: they see the current edition.
 */
export function EditionPicker() {
  const access = useStaffAccess()
  return access.may('editEditions') ? <EditionSelect /> : null
}

function EditionSelect() {
  const { t, i18n } = useTranslation('reception')
  const services = useServices()
  const [params, setParams] = useSearchParams()
  const chosen = useChosenEdition()
  const { data: editions, error } = useApiRead((signal) => services.api.listEditions({ signal }), [services])
  const language = i18n.language === 'en' ? 'en' : 'ja'
  // Drafts have no registrations yet: only published editions are offered.
  const offered = editions?.filter((stored) => stored.status === 'published') ?? []
  const current = offered.find((stored) => stored.current)
  const past = chosen === undefined ? undefined : offered.find((stored) => stored.edition.id === chosen)

  const choose = (id: string) => {
    const next = new URLSearchParams(params)
    if (id === current?.edition.id) next.delete('edition')
    else next.set('edition', id)
    setParams(next)
  }

  return (
    <Stack spacing={1}>
      <ErrorAlert error={error} />
      {current && (
        <FormControl sx={{ minWidth: 240, alignSelf: 'flex-start' }} size="small">
          <InputLabel id="edition-picker-label">{t('editionPicker.label')}</InputLabel>
          <Select
            labelId="edition-picker-label"
            label={t('editionPicker.label')}
            value={past?.edition.id ?? current.edition.id}
            onChange={(event) => choose(event.target.value)}
          >
            {offered.map((stored) => (
              <MenuItem key={stored.edition.id} value={stored.edition.id}>
                {stored.current
                  ? t('editionPicker.current', { name: stored.edition.name[language] })
                  : stored.edition.name[language]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      {chosen !== undefined && (
        <Alert severity="warning" role="status">
          {t('editionPicker.pastNotice', { name: past?.edition.name[language] ?? chosen })}
        </Alert>
      )}
    </Stack>
  )
}
