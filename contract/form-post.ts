// The site's plain HTML forms (before the page's script runs, or with JavaScript off) post
// the same fields as the JSON body, as application/x-www-form-urlencoded, to the same route
// (server/routes/form-posts.ts). Only the answer differs: a success is a 303 to the
// localized result page (`FormPostAnswers` in errors.ts); an error re-renders the page the
// form was on. Plain values without imports: the site's forms read them too.

/** The form-only hidden field: the path of the page the form is on, shown again when the post fails. */
export const RETURN_FIELD = "returnTo"
