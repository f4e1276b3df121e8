"""French labels of the fields a diagnostic points at, for the titles of GitHub annotations
and the job summary: ``{card} actions[0].href`` reads « Carte → bouton 1 → lien ».

Every field name of every model and every cell has a label here (a test fails otherwise); a
name found in no model (a key the coach mistyped) is shown as written, between « ».
"""

from __future__ import annotations

import re

from contenu.models import CELL_MODELS
from contenu.typography import french_typography

#: Label of each cell, by fence name: the name each cell model declares (models/).
CELL_LABELS: dict[str, str] = {name: model.LABEL for name, model in CELL_MODELS.items()}

#: What one element of a list field is called: ``actions[0]`` is « bouton 1 ».
ITEM_LABELS: dict[str, str] = {
    "actions": "bouton",
    "content_ids": "identifiant",
    "footer": "lien",
    "header": "lien",
    "headerActions": "bouton",
    "items": "élément",
    "keywords": "mot-clé",
    "reassurance": "ligne",
}

#: Label of each field, by the name written in the content files.
FIELD_LABELS: dict[str, str] = {
    "accent": "couleur d’accent",
    "accept": "bouton « Accepter »",
    "accountId": "identifiant du compte",
    "actions": "boutons",
    "address": "adresse",
    "alert": "message après l’envoi",
    "allCategories": "lien « tous les articles »",
    "alt": "texte alternatif",
    "amount": "montant",
    "anchor": "ancre",
    "answer": "réponse",
    "area": "zone couverte",
    "articles": "textes des articles",
    "availability": "disponibilités",
    "availabilityLabel": "intitulé des disponibilités",
    "background": "fond de page",
    "backToBlog": "lien de retour au blog",
    "bio": "biographie",
    "blog": "textes de la liste d’articles",
    "body": "corps du message",
    "brand": "marque",
    "calendly": "Calendly",
    "caption": "légende",
    "categories": "liste des thèmes",
    "category": "catégorie",
    "categoryDescription": "description d’une page de thème",
    "categoryTitle": "titre d’une page de thème",
    "cell": "cellule concernée",
    "close": "bouton de fermeture",
    "coachName": "nom de la coach",
    "code": "code",
    "consent": "bandeau cookies",
    "contactLabel": "texte avant l’e-mail",
    "content": "témoignage",
    "content_category": "catégorie du contenu",
    "content_ids": "identifiants des contenus",
    "content_name": "nom du contenu",
    "content_type": "type du contenu",
    "copyright": "copyright",
    "currency": "devise",
    "customDomain": "domaine personnalisé",
    "date": "date",
    "defaultOgImage": "image de partage par défaut",
    "description": "description",
    "discovery": "séance découverte",
    "draft": "brouillon",
    "draftBadge": "marque « brouillon »",
    "durationMinutes": "durée en minutes",
    "email": "e-mail",
    "emailLabel": "intitulé de l’e-mail",
    "emailPlaceholder": "exemple d’e-mail",
    "event": "événement",
    "excerpt": "résumé",
    "eyebrow": "surtitre",
    "fallback": "texte de secours",
    "fallbackLink": "lien de secours",
    "fallbackSubject": "objet de l’e-mail de secours",
    "field": "champ concerné",
    "firstName": "prénom",
    "firstNamePlaceholder": "exemple de prénom",
    "focus": "point de cadrage",
    "footer": "pied de page",
    "format": "format des séances",
    "formatLabel": "intitulé du format",
    "formCode": "code du formulaire",
    "formId": "identifiant numérique du formulaire",
    "header": "en-tête",
    "headerActions": "boutons de l’en-tête",
    "height": "hauteur",
    "hideEventTypeDetails": "masquer les détails de l’événement",
    "hideLandingPageDetails": "masquer les détails de la page",
    "hint": "explication",
    "homeLabel": "nom du lien vers l’accueil",
    "host": "hébergeur",
    "hostTitle": "titre « hébergeur »",
    "href": "lien",
    "icon": "icône",
    "id": "identifiant",
    "image": "image",
    "interface": "textes de l’interface",
    "intro": "introduction",
    "items": "éléments",
    "keywords": "mots-clés",
    "label": "libellé",
    "labels": "libellés",
    "lang": "langue",
    "lead": "texte d’introduction",
    "legalForm": "forme juridique",
    "limit": "nombre maximal",
    "line": "ligne concernée",
    "linkLabel": "texte du lien",
    "loading": "texte de chargement",
    "logMessage": "message de la console",
    "mailerlite": "MailerLite",
    "manage": "lien « gérer les cookies »",
    "menuClose": "bouton « fermer le menu »",
    "menuOpen": "bouton « ouvrir le menu »",
    "message": "message",
    "messagePlaceholder": "exemple de message",
    "metaPixel": "pixel Meta",
    "minWidth": "largeur minimale",
    "more": "bouton « plus de résultats »",
    "muted": "couleur secondaire",
    "name": "nom",
    "navigation": "navigation",
    "navLabel": "nom de la navigation",
    "next": "lien « page suivante »",
    "noResult": "message sans résultat",
    "note": "précision",
    "num_items": "nombre d’articles",
    "number": "numéro",
    "offer": "offre",
    "ogImage": "image de partage",
    "ogUrl": "adresse de partage",
    "oneResult": "message pour un résultat",
    "onPrimary": "texte sur la couleur principale",
    "order": "position",
    "pack": "pack",
    "page": "numéro de page",
    "pageOf": "position dans la liste",
    "pageTitle": "titre des pages suivantes",
    "pagination": "navigation entre les pages",
    "params": "paramètres",
    "perPage": "articles par page",
    "phone": "téléphone",
    "photo": "photo",
    "pixel": "pixel Meta",
    "placeholder": "exemple dans le champ",
    "policyLink": "lien vers la politique de confidentialité",
    "predicted_ltv": "valeur client prévue",
    "preview": "encadré de prévisualisation",
    "previous": "lien « page précédente »",
    "prices": "prix",
    "primary": "couleur principale",
    "providers": "services tiers",
    "provisional": "valeurs provisoires",
    "publicationDirector": "directeur de la publication",
    "publishDate": "date de publication",
    "publishedOn": "texte « publié le »",
    "publisher": "éditeur",
    "publisherTitle": "titre « éditeur »",
    "question": "question",
    "rating": "note",
    "ratingLabel": "nom de la note",
    "readMore": "lien « lire l’article »",
    "readTime": "durée de lecture",
    "reassurance": "lignes rassurantes",
    "refuse": "bouton « Refuser »",
    "registration": "immatriculation",
    "reload": "rechargement de la page",
    "responseLabel": "intitulé du délai de réponse",
    "responseTime": "délai de réponse",
    "results": "message des résultats",
    "robots": "consigne aux moteurs de recherche",
    "role": "rôle",
    "scheduledBadge": "marque « programmé »",
    "search": "textes de la recherche",
    "search_string": "texte recherché",
    "shareCapital": "capital social",
    "single": "séance à l’unité",
    "siteUrl": "adresse du site",
    "skipLink": "lien « aller au contenu »",
    "socialLabel": "texte du lien social",
    "socialUrl": "adresse de la page sociale",
    "src": "chemin de l’image",
    "status": "statut",
    "style": "style des puces",
    "subject": "objet du message",
    "submit": "bouton d’envoi",
    "surface": "fond des cartes",
    "tagline": "accroche",
    "text": "texte",
    "theme": "couleurs",
    "title": "titre",
    "titleSuffix": "suffixe des titres",
    "tone": "style de la carte",
    "unavailable": "message d’indisponibilité",
    "url": "adresse",
    "value": "valeur",
    "variant": "style du bouton",
    "vatNumber": "numéro de TVA",
    "webformId": "identifiant du formulaire web",
    "website": "site web",
}

_CELL_PREFIX = re.compile(r"^\{([^{}]*)\}\s*")
_SEGMENT = re.compile(r"^(?P<name>[^\[\]]*)(?P<indexes>(?:\[\d+\])*)$")


def _quoted(raw: str) -> str:
    return f"« {raw} »"


def _segment(part: str) -> list[str]:
    """Labels of one dotted part: ``actions[0]`` → ``["bouton 1"]``, ``title`` → ``["titre"]``."""
    match = _SEGMENT.match(part)
    if not match:
        return [_quoted(part)]
    name = match.group("name")
    indexes = [int(i) + 1 for i in re.findall(r"\d+", match.group("indexes"))]
    if not indexes:
        return [FIELD_LABELS.get(name) or _quoted(name)] if name else []
    item = ITEM_LABELS.get(name)
    if item is None:
        head = (FIELD_LABELS.get(name) or _quoted(name)) if name else "élément"
        return [f"{head} n° {indexes[0]}", *(f"élément {i}" for i in indexes[1:])]
    return [f"{item} {indexes[0]}", *(f"élément {i}" for i in indexes[1:])]


def field_label(path: str) -> str:
    """« Carte → bouton 1 → lien » for ``{card} actions[0].href``; "" for an empty path."""
    parts: list[str] = []
    rest = path.strip()
    if cell := _CELL_PREFIX.match(rest):
        name = cell.group(1)
        parts.append(CELL_LABELS.get(name) or f"cellule {_quoted(name)}")
        rest = rest[cell.end() :]
    for part in rest.split(".") if rest else []:
        parts += _segment(part)
    if not parts:
        return ""
    text = " → ".join(parts)
    return french_typography(text[0].upper() + text[1:])
