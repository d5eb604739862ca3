import { defaultLanguage, LANGUAGE_STORAGE_KEY, languages } from "./languages"

const prefixed = languages.filter((language) => language !== defaultLanguage)

/**
 * An inline script at the top of every page's head (gatsby-ssr.tsx), run before anything is
 * painted; the server allows it through its hash in the Content-Security-Policy
 * (postbuild/finish.ts).
 *
 * 1. Reserved characters that a link or a crawler percent-encoded ("/produit/click%26win")
 *    are written back as the page's own path ("/produit/click&win") with history.replaceState:
 *    no request, no reload, and Gatsby then finds the path it built the page for instead of
 *    taking the URL for another route (React errors #418/#423 and a white page).
 * 2. A returning visitor who saved English or German and opens an unprefixed (French) URL
 *    is sent to the same page in their language before the French page is painted. A URL
 *    with a language prefix, the admin, and a browser without a saved choice (crawlers) keep
 *    the URL they asked for.
 */
export const prePaintLocationScript = [
  "(function(){try{",
  "var l=location,p=l.pathname,",
  "d=p.replace(/%(2[146-9a-c]|3[abd]|40)/gi,function(c){return decodeURIComponent(c)});",
  'if(d!==p){history.replaceState(history.state,"",d+l.search+l.hash);p=d}',
  `if(/^\\/(${[...prefixed, "admin"].join("|")})(\\/|$)/.test(p))return;`,
  `var s=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)});`,
  `if(${JSON.stringify(prefixed)}.indexOf(s)<0)return;`,
  'document.documentElement.style.visibility="hidden";',
  'l.replace("/"+s+(p==="/"?"":p)+l.search+l.hash)',
  "}catch(e){}})()",
].join("")
