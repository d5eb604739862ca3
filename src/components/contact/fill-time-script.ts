/**
 * An inline script in every page's head (gatsby-ssr.tsx; its CSP hash is recorded by
 * postbuild/finish.ts): a form sent before the page's bundles have run is posted by the
 * browser itself, so this fills the form's hidden `ElapsedMs` with the time since the page
 * started loading. The server's fill-time spam check then applies to that path too. Once
 * the page is hydrated the form sends JSON with its own measure and this has no effect.
 */
export const fillTimeScript =
  'document.addEventListener("submit",function(e){var ' +
  'f=e.target&&e.target.elements&&e.target.elements.namedItem("ElapsedMs");' +
  "if(f&&!f.value)f.value=String(Math.round(performance.now()))},true)"
