import React from "react"
import { PageTransition } from "../../motion/page-transition"
import { ContactBand, Footer } from "./deferred"
import { Header } from "./header"

type Props = { children: React.ReactNode; withContactBand?: boolean }

/**
 * The public shell: header, page, contact band, footer (the last two hydrated after the first
 * screen, deferred.tsx). The 404 and admin pages do not use it.
 */
export function Layout({ children, withContactBand = true }: Props) {
  return (
    <>
      <Header />
      <PageTransition>
        <main id="main" tabIndex={-1} className="pt-20 outline-none">
          {children}
        </main>
        {withContactBand && <ContactBand />}
      </PageTransition>
      <Footer />
    </>
  )
}
