// JSON-LD for search engines, typed with schema-dts (the schema.org vocabulary as TypeScript
// types), so a property schema.org does not define for a type fails `npm run typecheck`;
// tests/schema-org.ts checks the same at run time on the built pages.
import type { BlogPosting, BreadcrumbList, Organization, WithContext } from "schema-dts"
import {
  blogPostPath,
  productGroup,
  routeKeys,
  routes,
  solutionsColumn,
  type RouteKey,
} from "../../content-kit/routes"
import { localizePath, type Language } from "../i18n/languages"
import { readNamespace, type LocaleNode } from "./page-content"

const origin = (siteUrl: string) => siteUrl.replace(/\/$/, "")

export function organizationLd(siteUrl: string, brand: string): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${origin(siteUrl)}/#organization`,
    name: brand,
    url: `${origin(siteUrl)}/`,
    logo: `${origin(siteUrl)}/icon.svg`,
  }
}

export type Crumb = { name: string; path: string }

/** Home, then the page's group overview (Produit, Solutions, Blog) when it has one, then the page. */
export function breadcrumbTrail(
  key: RouteKey,
  names: (key: RouteKey) => string,
  post?: { title: string; slug: string },
): Crumb[] {
  if (key === "home") return []
  const trail: Crumb[] = [{ name: names("home"), path: routes.home.path }]
  const group = [productGroup, solutionsColumn].find(
    (keys) => keys.includes(key) && keys[0] !== key,
  )
  if (group) trail.push({ name: names(group[0]), path: routes[group[0]].path })
  trail.push({ name: names(key), path: routes[key].path })
  if (post) trail.push({ name: post.title, path: blogPostPath(post.slug) })
  return trail
}

/** Breadcrumb names: the menu's labels for home and the groups, the page's own title for itself. */
export function crumbNames(
  nav: Record<string, string>,
  current: RouteKey,
  currentTitle: string,
): (key: RouteKey) => string {
  return (key) =>
    key === "home"
      ? nav.home
      : key === "product"
        ? nav.productGroup
        : key === current
          ? currentTitle
          : (nav[key] ?? currentTitle)
}

/** The breadcrumb trail of a page from its template's Head (the common namespace gives the names). */
export function pageBreadcrumbs(
  nodes: LocaleNode[],
  language: Language,
  routeKey: string,
  title: string,
  post?: { title: string; slug: string },
): Crumb[] {
  if (!(routeKeys as string[]).includes(routeKey)) return []
  const { nav } = readNamespace<{ nav: Record<string, string> }>(nodes, "common", language)
  // On a post, the page's own title is the post's; the blog crumb takes the menu's label.
  const names = post
    ? (key: RouteKey) => (key === "home" ? nav.home : (nav[key] ?? key))
    : crumbNames(nav, routeKey as RouteKey, title)
  return breadcrumbTrail(routeKey as RouteKey, names, post)
}

export function breadcrumbLd(
  siteUrl: string,
  language: Language,
  trail: Crumb[],
): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: origin(siteUrl) + localizePath(crumb.path, language),
    })),
  }
}

export type PostFacts = {
  title: string
  description: string
  /** YYYY-MM-DD */
  date: string
  author?: string | null
  /** The language the post is written in (a French fallback on an English page says "fr"). */
  language: string
  url: string
  image: string
}

export function blogPostingLd(
  siteUrl: string,
  brand: string,
  post: PostFacts,
): WithContext<BlogPosting> {
  const publisher = {
    "@type": "Organization",
    "@id": `${origin(siteUrl)}/#organization`,
    name: brand,
    url: `${origin(siteUrl)}/`,
    logo: { "@type": "ImageObject", url: `${origin(siteUrl)}/icon.svg` },
  } as const
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    dateModified: post.date,
    inLanguage: post.language,
    url: post.url,
    mainEntityOfPage: { "@type": "WebPage", "@id": post.url },
    image: { "@type": "ImageObject", url: post.image, width: "1200", height: "630" },
    author: post.author ? { "@type": "Person", name: post.author } : publisher,
    publisher,
  }
}
