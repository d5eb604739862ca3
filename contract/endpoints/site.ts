import { ContactBody, ContactCreated } from "../contact"
import { FormPostAnswers, NoBody } from "../errors"
import {
  ConfirmAnswer,
  NewsletterBody,
  SubscribeAnswer,
  TokenBody,
  TokenQuery,
  UnsubscribeAnswer,
  UnsubscribeBody,
  UnsubscribeQuery,
} from "../newsletter"
import { endpoint } from "./define"

/** What the public site posts: the contact form, the newsletter and its mailed links. */
export const siteEndpoints = {
  sendMessage: endpoint({
    method: "POST",
    path: "/SendMessage",
    summary: "Send a contact message",
    access: "public",
    body: ContactBody,
    answers: { 201: ContactCreated, ...FormPostAnswers },
    formEncoded: true,
  }),
  subscribe: endpoint({
    method: "POST",
    path: "/api/newsletter",
    summary: "Subscribe an address to the newsletter (double opt-in with a mail server)",
    access: "public",
    body: NewsletterBody,
    answers: { 202: SubscribeAnswer, ...FormPostAnswers },
    formEncoded: true,
  }),
  openConfirmLink: endpoint({
    method: "GET",
    path: "/api/newsletter/confirm",
    summary: "A confirmation mail's link: 303 to the site's page that asks for the click",
    access: "public",
    query: TokenQuery,
    answers: { 303: NoBody },
  }),
  openUnsubscribeLink: endpoint({
    method: "GET",
    path: "/api/newsletter/unsubscribe",
    summary: "An unsubscribe link: 303 to the site's page that asks for the click",
    access: "public",
    query: TokenQuery,
    answers: { 303: NoBody },
  }),
  confirmSubscription: endpoint({
    method: "POST",
    path: "/api/newsletter/confirm",
    summary: "Confirm a subscription with its link's token",
    access: "public",
    body: TokenBody,
    answers: { 200: ConfirmAnswer },
  }),
  unsubscribe: endpoint({
    method: "POST",
    path: "/api/newsletter/unsubscribe",
    summary: "Unsubscribe with a link's token, or one-click (RFC 8058) with the token in the query",
    access: "public",
    query: UnsubscribeQuery,
    body: UnsubscribeBody,
    answers: { 200: UnsubscribeAnswer },
    formEncoded: true,
  }),
}
