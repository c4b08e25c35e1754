import type { ComponentProps, Ref } from 'react'
import { Link } from 'react-router'

type Props = Omit<ComponentProps<'a'>, 'href'> & { href: string; ref?: Ref<HTMLAnchorElement> }

/** Whether an address leaves the app (another origin, mail, phone) rather than naming one of its pages. */
export function isExternalHref(href: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//')
}

/**
 * The link MUI renders for every `href` (theme default): pages of the app go through the router without a
 * reload; other addresses are plain anchors. Fragments on the same page stay plain anchors too.
 */
export function RouterLink({ href, ref, ...props }: Props) {
  if (isExternalHref(href) || href.startsWith('#')) return <a ref={ref} href={href} {...props} />
  return <Link ref={ref} to={href} {...props} />
}
