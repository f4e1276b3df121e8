"""Texts of the interface shared by every page (``interface:`` in the site settings)."""

from __future__ import annotations

from pydantic import Field

from contenu.models.common import ContentModel, Text


class HeaderTexts(ContentModel):
    """Header and mobile menu."""

    skip_link: Text = Field(
        description="Lien d’évitement « Aller au contenu » (lecteurs d’écran, clavier)."
    )
    home_label: Text = Field(description="Nom accessible du logo qui ramène à l’accueil.")
    menu_open: Text = Field(description="Nom accessible du bouton qui ouvre le menu mobile.")
    menu_close: Text = Field(description="Nom accessible du bouton qui ferme le menu mobile.")
    nav_label: Text = Field(description="Nom accessible de la navigation principale.")


class FooterTexts(ContentModel):
    """Footer."""

    copyright: Text = Field(
        description="Mention de copyright ; « {year} » et « {brand} » sont remplacés."
    )
    contact_label: Text = Field(description="Texte avant l’adresse e-mail de contact.")
    nav_label: Text = Field(description="Nom accessible de la navigation du pied de page.")


class ConsentTexts(ContentModel):
    """Cookie consent banner for the Meta Pixel (CNIL rules: refusing as easy as accepting)."""

    title: Text = Field(description="Titre du bandeau cookies.")
    text: Text = Field(description="Explication : quel traceur, pour quoi faire, durée du choix.")
    accept: Text = Field(description="Bouton « Accepter ».")
    refuse: Text = Field(description="Bouton « Refuser » (aussi visible que « Accepter »).")
    policy_link: Text = Field(description="Texte du lien vers la politique de confidentialité.")
    manage: Text = Field(description="Lien du pied de page pour revoir son choix.")


class ArticleTexts(ContentModel):
    """Article cards and article pages."""

    read_time: Text = Field(
        description="Durée de lecture ; « {minutes} » est remplacé.",
        examples=["{minutes} min de lecture"],
    )
    read_more: Text = Field(description="Lien « Lire l’article » des cartes.")
    back_to_blog: Text = Field(description="Lien de retour à la liste des articles.")
    published_on: Text = Field(description="Texte avant la date de publication.")
    draft_badge: Text = Field(
        description="Marque des brouillons (visible seulement en prévisualisation)."
    )
    scheduled_badge: Text = Field(description="Marque des articles programmés (prévisualisation).")


class PreviewTexts(ContentModel):
    """Error overlay of the live preview (``contenu dev`` only, never published)."""

    title: Text = Field(
        description="Titre de l’encadré des erreurs de la prévisualisation.",
        examples=["Le contenu contient une erreur"],
    )
    hint: Text = Field(
        description="Explication sous le titre : la page montre la dernière version valide.",
        examples=[
            "La page affiche la dernière version valide. Corrigez le fichier et enregistrez."
        ],
    )
    close: Text = Field(
        description="Nom accessible du bouton qui masque l’encadré.",
        examples=["Masquer les erreurs"],
    )
    line: Text = Field(
        description="Position de l’erreur ; « {line} » est remplacé.",
        examples=["ligne {line}"],
    )
    cell: Text = Field(
        description="Cellule concernée ; « {cell} » est remplacé.",
        examples=["cellule {cell}"],
    )
    field: Text = Field(
        description="Champ concerné ; « {field} » est remplacé.",
        examples=["champ {field}"],
    )


class Interface(ContentModel):
    """Interface texts."""

    header: HeaderTexts = Field(description="Textes de l’en-tête.")
    footer: FooterTexts = Field(description="Textes du pied de page.")
    consent: ConsentTexts = Field(description="Textes du bandeau de consentement.")
    articles: ArticleTexts = Field(description="Textes autour des articles du blog.")
    preview: PreviewTexts = Field(
        description="Textes de l’encadré d’erreur de la prévisualisation."
    )
    rating_label: Text = Field(
        description="Nom accessible de la note ; « {rating} » et « {max} » sont remplacés.",
        examples=["Note : {rating} sur {max}"],
    )
