/**
 * A shade at the edge a sideways scroller can still move towards, so a phone shows there is more: covers in the
 * colour of the `surface` it sits on move with the content ("local") and hide the shades ("scroll") once an end
 * is reached (decision 182). Pure CSS, so nothing runs while scrolling; both colour schemes through the theme's
 * CSS variables.
 */
export function scrollShadows(surface: 'default' | 'paper') {
  const cover = `var(--mui-palette-background-${surface})`
  const shade = 'rgb(var(--mui-palette-common-onBackgroundChannel) / 0.25)'
  return {
    overflowX: 'auto',
    backgroundImage: [
      `linear-gradient(to right, ${cover}, ${cover})`,
      `linear-gradient(to left, ${cover}, ${cover})`,
      `linear-gradient(to right, ${shade}, transparent)`,
      `linear-gradient(to left, ${shade}, transparent)`,
    ].join(', '),
    backgroundPosition: 'left center, right center, left center, right center',
    backgroundRepeat: 'no-repeat',
    backgroundSize: '16px 100%, 16px 100%, 12px 100%, 12px 100%',
    backgroundAttachment: 'local, local, scroll, scroll',
  } as const
}
