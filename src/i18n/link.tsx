import { Link as GatsbyLink } from "gatsby"
import React from "react"
import { useLanguage } from "./language-context"
import { localizePath } from "./languages"

type Props = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A French canonical path ("/contact", "/#process"), an anchor, or an external URL. */
  to: string
}

const isExternal = (to: string) => /^(https?:|mailto:|tel:)/.test(to)

/** The one link of the site: localizes internal paths to the current language. */
export const Link = React.forwardRef<HTMLAnchorElement, Props>(function Link({ to, ...rest }, ref) {
  const { language } = useLanguage()
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content comes in `rest.children`
  if (isExternal(to) || to.startsWith("#")) return <a ref={ref} href={to} {...rest} />
  return <GatsbyLink ref={ref as never} to={localizePath(to, language)} {...rest} />
})
