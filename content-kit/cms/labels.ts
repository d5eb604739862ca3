// The editor's labels and hints in the CMS (French: the editors' working language; Sveltia's
// own interface follows the browser's language).
import { routeKeys, routes } from "../routes"

const labels: Record<string, string> = {
  meta: "Référencement",
  title: "Titre",
  description: "Description",
  hero: "En-tête de page",
  eyebrow: "Surtitre",
  lead: "Chapeau",
  primary: "Bouton principal",
  secondary: "Bouton secondaire",
  label: "Texte du lien",
  to: "Lien",
  sections: "Sections",
  id: "Identifiant",
  icon: "Icône",
  items: "Éléments",
  text: "Texte",
  link: "Lien",
  paragraphs: "Paragraphes",
  points: "Points clés",
  action: "Bouton",
  members: "Membres de l'équipe",
  name: "Nom",
  role: "Fonction",
  "kind:cards": "Cartes",
  "kind:features": "Points forts",
  "kind:steps": "Étapes",
  "kind:prose": "Texte",
  "kind:split": "Texte et liste",
  "kind:team": "Équipe",
  "kind:cta": "Appel à l'action",
}

export function fieldLabel(name: string): string {
  return (
    labels[name] ?? name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase())
  )
}

const hints: Record<string, string> = {
  "meta.title":
    "Titre de l'onglet et des résultats de recherche, 60 caractères au plus ; la marque est ajoutée.",
  "meta.description":
    "Extrait des résultats de recherche et des aperçus de liens, 120 à 160 caractères.",
  "hero.title": "Le grand titre (h1) en haut de la page ; aussi sur l'image de partage.",
  "hero.lead": "Le paragraphe sous le grand titre.",
  "hero.eyebrow": "La petite ligne en capitales au-dessus du grand titre.",
  to: "Un chemin français du site (/contact, /produit/creaform, /#process) ; /en et /de sont ajoutés tout seuls.",
  id: "Ancre de la section (/#identifiant) et clé des traductions : ne pas changer sans raison.",
  icon: "Une icône du registre (src/components/ui/icon.tsx).",
  sections: "Les blocs de la page, dans l'ordre d'affichage.",
}

export function fieldHint(at: string, name: string): string | undefined {
  return hints[at] ?? hints[name]
}

/** A namespace's entry name: its page's French path, or what the file holds. */
export function namespaceLabel(ns: string): string {
  const key = routeKeys.find((route) => routes[route].ns === ns)
  if (key) return `Page ${routes[key].path}`
  const others: Record<string, string> = {
    common: "Interface commune (menu, pied de page, formulaires)",
    admin: "Espace d'administration",
    images: "Textes alternatifs des images",
    "newsletter-mail": "E-mail de confirmation de la newsletter",
    "meeting-mail": "E-mails des rendez-vous (invitations, rappels)",
  }
  return others[ns] ?? ns
}
