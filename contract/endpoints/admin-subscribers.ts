import { Download, IdParams, PageOf, SubscriberExportQuery, SubscriberListQuery } from "../admin"
import { NoBody } from "../errors"
import { Subscriber } from "../subscriber"
import { endpoint } from "./define"

/** The newsletter's subscribers: owners only. */
export const adminSubscribersEndpoints = {
  listSubscribers: endpoint({
    method: "GET",
    path: "/api/admin/subscribers",
    summary: "One page of subscribers, newest first",
    access: "owner",
    query: SubscriberListQuery,
    answers: { 200: PageOf(Subscriber) },
  }),
  exportSubscribers: endpoint({
    method: "GET",
    path: "/api/admin/subscribers/export.csv",
    summary: "The confirmed addresses with fresh unsubscribe links, as a CSV download",
    access: "owner",
    query: SubscriberExportQuery,
    answers: { 200: Download },
  }),
  removeSubscriber: endpoint({
    method: "DELETE",
    path: "/api/admin/subscribers/:id",
    summary: "Delete a subscriber",
    access: "owner",
    params: IdParams,
    answers: { 204: NoBody },
  }),
}
