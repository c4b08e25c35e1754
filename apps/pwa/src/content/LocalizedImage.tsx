import type { Language } from '@furfes/core'
import { Box } from '@mui/material'
import { images } from './images.ts'

/** One of the generated images in the page's language, with its space reserved before it loads. */
export function LocalizedImage({
  name,
  language,
  alt,
}: {
  name: keyof typeof images
  language: Language
  alt: string
}) {
  const image = images[name]
  return (
    <Box
      component="img"
      src={image.src(language)}
      width={image.width}
      height={image.height}
      alt={alt}
      fetchPriority="high"
      sx={{
        display: 'block',
        maxWidth: '100%',
        height: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    />
  )
}
