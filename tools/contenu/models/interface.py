"""Texts of the interface shared by every page (``interface:`` in the site settings)."""

from __future__ import annotations

from pydantic import Field

from contenu.models.common import ContentModel, Paragraph, Text


class HeaderTexts(ContentModel):
    """Header and mobile menu."""

    skip_link: Text = Field(
        description="Lien d’évitement « Aller au contenu » (lecteurs d’écran, clavier).",
        title="lien « aller au contenu »",
    )
    home_label: Text = Field(
        description="Nom accessible du logo qui ramène à l’accueil.",
        title="nom du lien vers l’accueil",
    )
    menu_open: Text = Field(
        description="Nom accessible du bouton qui ouvre le menu mobile.",
        title="bouton « ouvrir le menu »",
    )
    menu_close: Text = Field(
        description="Nom accessible du bouton qui ferme le menu mobile.",
        title="bouton « fermer le menu »",
    )
    nav_label: Text = Field(
        description="Nom accessible de la navigation principale.", title="nom de la navigation"
    )


class FooterTexts(ContentModel):
    """Footer."""

    copyright: Text = Field(
        description="Mention de copyright ; « {year} » et « {brand} » sont remplacés.",
        title="copyright",
    )
    contact_label: Text = Field(
        description="Texte avant l’adresse e-mail de contact.", title="texte avant l’e-mail"
    )
    nav_label: Text = Field(
        description="Nom accessible de la navigation du pied de page.", title="nom de la navigation"
    )


class ConsentTexts(ContentModel):
    """Cookie consent banner for the Meta Pixel (CNIL rules: refusing as easy as accepting)."""

    title: Text = Field(description="Titre du bandeau cookies.", title="titre")
    text: Paragraph = Field(
        description="Explication : quel traceur, pour quoi faire, durée du choix.", title="texte"
    )
    accept: Text = Field(description="Bouton « Accepter ».", title="bouton « Accepter »")
    refuse: Text = Field(
        description="Bouton « Refuser » (aussi visible que « Accepter »).",
        title="bouton « Refuser »",
    )
    policy_link: Text = Field(
        description="Texte du lien vers la politique de confidentialité.",
        title="lien vers la politique de confidentialité",
    )
    manage: Text = Field(
        description="Lien du pied de page pour revoir son choix.",
        title="lien « gérer les cookies »",
    )


class ArticleTexts(ContentModel):
    """Article cards and article pages."""

    read_time: Text = Field(
        description="Durée de lecture ; « {minutes} » est remplacé.",
        examples=["{minutes} min de lecture"],
        title="durée de lecture",
    )
    read_more: Text = Field(
        description="Lien « Lire l’article » des cartes.", title="lien « lire l’article »"
    )
    back_to_blog: Text = Field(
        description="Lien de retour à la liste des articles.", title="lien de retour au blog"
    )
    published_on: Text = Field(
        description="Texte avant la date de publication.", title="texte « publié le »"
    )
    draft_badge: Text = Field(
        description="Marque des brouillons (visible seulement en prévisualisation).",
        title="marque « brouillon »",
    )
    scheduled_badge: Text = Field(
        description="Marque des articles programmés (prévisualisation).",
        title="marque « programmé »",
    )


class BlogTexts(ContentModel):
    """Numbered pages and categories of the article listing (``/blog/page/2``…)."""

    page_title: Text = Field(
        description="Titre des pages 2 et suivantes ; « {title} » (titre de la liste) et "
        "« {page} » sont remplacés.",
        examples=["{title} – page {page}"],
        title="titre des pages suivantes",
    )
    category_title: Text = Field(
        description="Titre de la page d’une catégorie ; « {title} » et « {category} » sont "
        "remplacés.",
        examples=["{title} – {category}"],
        title="titre d’une page de thème",
    )
    category_description: Text = Field(
        description="Description (moteurs, partage) de la page d’une catégorie ; « {category} » "
        "est remplacé.",
        examples=["Tous nos articles sur le thème « {category} »."],
        title="description d’une page de thème",
    )
    pagination: Text = Field(
        description="Nom accessible de la navigation entre les pages.",
        title="navigation entre les pages",
    )
    previous: Text = Field(
        description="Lien vers la page précédente de la liste.", title="lien « page précédente »"
    )
    next: Text = Field(
        description="Lien vers la page suivante de la liste.", title="lien « page suivante »"
    )
    page: Text = Field(
        description="Nom accessible d’un numéro de page ; « {page} » est remplacé.",
        examples=["Page {page}"],
        title="numéro de page",
    )
    page_of: Text = Field(
        description="Position dans la liste ; « {page} » et « {pages} » sont remplacés.",
        examples=["Page {page} sur {pages}"],
        title="position dans la liste",
    )
    categories: Text = Field(
        description="Nom accessible de la liste des catégories.", title="liste des thèmes"
    )
    all_categories: Text = Field(
        description="Lien vers la liste de tous les articles.", title="lien « tous les articles »"
    )


class SearchTexts(ContentModel):
    """The article search (``{search}`` cell), loaded when the visitor starts searching."""

    label: Text = Field(description="Étiquette du champ de recherche.", title="libellé")
    placeholder: Text = Field(
        description="Exemple dans le champ vide.", title="exemple dans le champ"
    )
    submit: Text = Field(description="Bouton qui lance la recherche.", title="bouton d’envoi")
    loading: Text = Field(description="Annonce pendant la recherche.", title="texte de chargement")
    results: Text = Field(
        description="Nombre de résultats ; « {count} » et « {query} » sont remplacés.",
        examples=["{count} articles trouvés pour « {query} »"],
        title="message des résultats",
    )
    one_result: Text = Field(
        description="Un seul résultat ; « {query} » est remplacé.",
        examples=["1 article trouvé pour « {query} »"],
        title="message pour un résultat",
    )
    no_result: Text = Field(
        description="Aucun résultat ; « {query} » est remplacé.",
        examples=["Aucun article ne parle de « {query} » : essayez un autre mot."],
        title="message sans résultat",
    )
    more: Text = Field(
        description="Bouton qui affiche les résultats suivants.",
        title="bouton « plus de résultats »",
    )
    unavailable: Text = Field(
        description="Message quand l’index de recherche n’existe pas (prévisualisation) ou "
        "n’a pas pu se charger.",
        title="message d’indisponibilité",
    )


class PreviewTexts(ContentModel):
    """Error overlay of the live preview (``contenu dev`` only, never published)."""

    title: Text = Field(
        description="Titre de l’encadré des erreurs de la prévisualisation.",
        examples=["Le contenu contient une erreur"],
        title="titre",
    )
    hint: Text = Field(
        description="Explication sous le titre : la page montre la dernière version valide.",
        examples=[
            "La page affiche la dernière version valide. Corrigez le fichier et enregistrez."
        ],
        title="explication",
    )
    close: Text = Field(
        description="Nom accessible du bouton qui masque l’encadré.",
        examples=["Masquer les erreurs"],
        title="bouton de fermeture",
    )
    line: Text = Field(
        description="Position de l’erreur ; « {line} » est remplacé.",
        examples=["ligne {line}"],
        title="ligne concernée",
    )
    cell: Text = Field(
        description="Cellule concernée ; « {cell} » est remplacé par son nom.",
        examples=["cellule « {cell} »"],
        title="cellule concernée",
    )
    field: Text = Field(
        description="Champ concerné ; « {field} » est remplacé par son nom et sa place.",
        examples=["champ « {field} »"],
        title="champ concerné",
    )


class Interface(ContentModel):
    """Interface texts."""

    header: HeaderTexts = Field(description="Textes de l’en-tête.", title="en-tête")
    footer: FooterTexts = Field(description="Textes du pied de page.", title="pied de page")
    consent: ConsentTexts = Field(
        description="Textes du bandeau de consentement.", title="bandeau cookies"
    )
    articles: ArticleTexts = Field(
        description="Textes autour des articles du blog.", title="textes des articles"
    )
    blog: BlogTexts = Field(
        description="Pages numérotées et catégories de la liste d’articles.",
        title="textes de la liste d’articles",
    )
    search: SearchTexts = Field(
        description="Textes de la recherche dans les articles.", title="textes de la recherche"
    )
    preview: PreviewTexts = Field(
        description="Textes de l’encadré d’erreur de la prévisualisation.",
        title="encadré de prévisualisation",
    )
    rating_label: Text = Field(
        description="Nom accessible de la note ; « {rating} » et « {max} » sont remplacés.",
        examples=["Note : {rating} sur {max}"],
        title="nom de la note",
    )
