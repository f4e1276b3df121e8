"""The words of ``contenu changements`` (the pull-request summary): its sections, labels,
notes and validity line. ``changes/summary.py`` writes the summary with them and the online
editor's pull request says the same (``changes/generated_words.py`` writes them for it)."""

from __future__ import annotations

import enum

from contenu.models.entries import Collection
from contenu.text.typography import NBSP, NNBSP


class Section(enum.Enum):
    """Groups of the summary, in display order."""

    PAGES = "Pages"
    ARTICLES = "Articles"
    ENTRIES = "Éléments réutilisables (témoignages, FAQ, équipe…)"
    SETTINGS = "Réglages"
    IMAGES = "Images"
    OTHER = "Autres fichiers"


#: The words of a row's « Élément » and of its notes.
LABELS = {
    "page": "Page « {name} »",
    "home": "Page d’accueil",
    "not_found": "Page d’erreur 404",
    "article": "Article « {name} »",
    "image": "Image « {name} »",
    "other": "Fichier « {name} »",
    "refused": "Fichier refusé « {name} »",
}
NOTES = {
    "error": "contient une erreur, voir la vérification",
    "draft": f"brouillon{NBSP}: ne sera pas publié",
    "scheduled": f"programmé{NBSP}: mis en ligne automatiquement le {{date}}",
    "listed": "listé aussi sur {paths}",
    "was": "était {status}",
}
ANYWHERE = "« toute adresse inconnue »"
NOWHERE = "« affiché sur aucune page »"
EVERY_PAGE = "« toutes les pages »"
TABLE_HEADER = ("Changement", "Élément", "Adresse publique", "Fichier")
TITLE = "## Modifications du contenu"
FILES_CHANGED = "{count} fichier{s} de contenu modifié{s}."
NOTE_SEPARATOR = f"{NNBSP}; "
CHECK_OK = "✅ Le contenu est valide."
CHECK_ERRORS = (
    f"❌ {{count}} erreur{{s}} à corriger{NNBSP}: le détail et la façon de corriger "
    "sont dans la vérification « Contenu »."
)


def entry_label(collection: Collection) -> str:
    """« Témoignage « {name} » »: the label format of one entry of ``collection``."""
    return f"{collection.label[:1].upper()}{collection.label[1:]} « {{name}} »"
