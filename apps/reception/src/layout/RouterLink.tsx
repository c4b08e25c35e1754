import type { ComponentProps, Ref } from 'react'
import { Link } from 'react-router'

type Props = Omit<ComponentProps<'a'>, 'href'> & { href: string; ref?: Ref<HTMLAnchorElement> }

/** MUI renders every `href` with this: the app's own pages go through the router, other addresses are anchors. */
export function RouterLink({ href, ref, ...props }: Props) {
  if (/^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('#')) {
    return <a ref={ref} href={href} {...props} />
  }
  return <Link ref={ref} to={href} {...props} />
}
