"""What each ``pattern=`` of the models means, in French: the error message of a value that
does not match and the catalogue's description of the field both read this table. A test
fails when a model uses a pattern that has no entry here."""

from __future__ import annotations

from contenu.text.slug import SLUG_PATTERN

PATTERN_HINTS: dict[str, str] = {
    r"^#[0-9a-fA-F]{6}$": "une couleur s’écrit #RRVVBB, par exemple #2f6f62",
    SLUG_PATTERN: "un identifiant s’écrit en minuscules, chiffres et tirets "
    "(le nom du fichier sans .md)",
    r"^[a-z0-9-]+$": "uniquement des lettres minuscules sans accent, des chiffres et des tirets",
    r"^[A-Z]{3}$": "un code de devise en trois majuscules, par exemple EUR",
    r"^[0-9]+$": "uniquement des chiffres",
    r"^[A-Za-z0-9]+$": "uniquement des lettres sans accent et des chiffres",
    r"^[0-9]{6,20}$": "un identifiant de 6 à 20 chiffres",
    r"^[a-z]{2}$": "un code de langue en deux lettres minuscules, par exemple fr",
}
