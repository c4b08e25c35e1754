import type { Language } from '@furfes/core'
import { Box } from '@mui/material'
import { images, readableWidth } from './images.ts'

/**
 * One of the generated images in the page's language, with its space reserved before it loads. With `scroller`,
 * the image never shrinks below the width at which its smallest label is 12 px (decision 182): on a phone it
 * scrolls sideways in a keyboard-reachable region, and a link opens it alone, where it can be zoomed.
 */
export function LocalizedImage({
  name,
  language,
  alt,
  scroller,
}: {
  name: keyof typeof images
  language: Language
  alt: string
  scroller?: { label: string; fullSize: string }
}) {
  const image = images[name]
  const picture = (
    <Box
      component="img"
      src={image.src(language)}
      width={image.width}
      height={image.height}
      alt={alt}
      fetchPriority="high"
      sx={{
        display: 'block',
        height: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        ...(scroller
          ? { width: '100%', minWidth: readableWidth(image), maxWidth: image.width }
          : { maxWidth: '100%' }),
      }}
    />
  )
  if (!scroller) return picture
  return (
    <>
      <Box role="region" aria-label={scroller.label} tabIndex={0} sx={{ overflowX: 'auto' }}>
        {picture}
      </Box>
      <p>
        <a href={image.src(language)} target="_blank" rel="noopener">
          {scroller.fullSize}
        </a>
      </p>
    </>
  )
}
