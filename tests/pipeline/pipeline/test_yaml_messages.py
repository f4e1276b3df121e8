"""Golden tests of the YAML mistakes a coach makes in a frontmatter or a cell: each gives
its own French message, at the line and column of the character at fault, with the fix; no
English from PyYAML ever reaches the coach, whatever the YAML."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stage_inputs import ARTICLE_FRONT, source

from contenu.pipeline.validate import process
from contenu.report.diagnostics import Diagnostic

SHOWN = "content/articles/essai.md"  # the added YAML lines start at line 6


def problems(yaml_lines: str, body: str = "Texte.\n") -> list[Diagnostic]:
    text = ARTICLE_FRONT + yaml_lines + "---\n\n" + body
    return process(source(), text.encode()).diagnostics


def plain(diag: Diagnostic) -> str:
    """``line:column [field] message`` with the typographic spaces as plain spaces."""
    text = f"{diag.line}:{diag.column} [{diag.field}] {diag.message}"
    return text.replace("\u00a0", " ").replace("\u202f", " ")


READ = "impossible de lire l’en-tête : "

#: YAML lines added to a valid article → the one message expected (line:column [field]).
CASES: dict[str, tuple[str, str]] = {
    "tab in the indentation": (
        "keywords:\n\t- un mot\n",
        f"7:1 [] {READ}tabulation (touche Tab) dans le retrait : les retraits s’écrivent avec "
        "des espaces ; remplacez-la par deux espaces",
    ),
    "colon in a value": (
        "subtitle: A : B\n",
        f"6:13 [] {READ}deux-points « : » suivi d’une espace dans une valeur : une valeur qui "
        'contient « : » s’écrit entre guillemets : `subtitle: "A : B"`',
    ),
    "hash after a value": (
        "subtitle: Le guide #1\n",
        "6:20 [] « # » précédé d’une espace commence un commentaire : la fin de la ligne "
        "(« #1 ») serait ignorée ; si elle fait partie du texte, mettez toute la valeur entre "
        'guillemets : `subtitle: "Le guide #1"`',
    ),
    "hash starting a value": (
        "subtitle: #1 des ventes\n",
        "6:11 [] « # » précédé d’une espace commence un commentaire : la fin de la ligne "
        "(« #1 des ventes ») serait ignorée ; si elle fait partie du texte, mettez toute la "
        'valeur entre guillemets : `subtitle: "#1 des ventes"`',
    ),
    "key indented too far": (
        "image:\n  src: /images/x.png\n   alt: Une image\n",
        f"8:4 [] {READ}retrait incohérent : cette ligne commence par le caractère « a » après "
        "3 espaces, la ligne 7 après 2 espaces ; les clés d’un même groupe s’alignent "
        "exactement les unes sous les autres, et ce qui appartient à une clé se met en retrait "
        "sous elle, avec des espaces",
    ),
    "list item where a key is expected": (
        "readTime: 3\n- un mot\n",
        f"7:1 [] {READ}tiret « - » inattendu : un élément de liste se met en retrait sous la "
        "clé de sa liste, par exemple `keywords:` puis, à la ligne suivante, `  - un mot`",
    ),
    "unclosed double quote": (
        'subtitle: "Un titre\nreadTime: 3\n',
        f'6:11 [] {READ}guillemet `"` ouvert ici et jamais fermé : ajoutez le même signe à la '
        "fin de la valeur, sur la même ligne",
    ),
    "unclosed apostrophe": (
        "subtitle: 'Un titre\nreadTime: 3\n",
        f"6:11 [] {READ}apostrophe `'` ouverte ici et jamais fermée : ajoutez le même signe à "
        "la fin de la valeur, sur la même ligne",
    ),
    "unclosed bracket": (
        "keywords: [parents, ados\nreadTime: 3\n",
        f"6:11 [] {READ}crochet « [ » ouvert ici et jamais fermé par « ] » ; si le texte "
        "commence par « [ », mettez toute la valeur entre guillemets : "
        '`keywords: "[parents, ados"`',
    ),
    "text after a closing apostrophe": (
        "subtitle: 'l'ado'\n",
        f"6:14 [] {READ}texte après l’apostrophe qui ferme la valeur ; dans une valeur entre "
        "apostrophes, doublez l’apostrophe (`''`) ou mettez la valeur entre guillemets doubles",
    ),
    "duplicate key": (
        "readTime: 3\nreadTime: 4\n",
        "7:1 [readTime] le champ « Durée de lecture » est écrit deux fois (déjà ligne 6) ; "
        "gardez-en un seul",
    ),
    "anchor": (
        "subtitle: &moi Claire\n",
        "6:11 [] « & » au début d’une valeur crée une ancre YAML (que des alias « * » "
        "recopient ailleurs) ; ancres et alias ne sont pas acceptés : si « & » fait partie du "
        'texte, mettez toute la valeur entre guillemets : `subtitle: "&moi Claire"`',
    ),
    "alias": (
        "subtitle: *gras*\n",
        f"6:11 [] {READ}« * » au début d’une valeur désigne un alias YAML, qui n’est pas "
        "accepté ; si « * » fait partie du texte (du gras Markdown par exemple), mettez toute "
        'la valeur entre guillemets : `subtitle: "*gras*"`',
    ),
    "reserved character": (
        "subtitle: @claire\n",
        f"6:11 [] {READ}l’arobase « @ » ne peut pas commencer une valeur ; mettez toute la "
        'valeur entre guillemets : `subtitle: "@claire"`',
    ),
    "missing colon": (
        "subtitle\nreadTime: 3\n",
        f"6:1 [] {READ}il manque le deux-points « : » après « subtitle » ; chaque ligne "
        "s’écrit `clé: valeur`",
    ),
    "missing space after the colon": (
        "subtitle: x\nreadTime:3\n",
        f"7:1 [] {READ}il manque une espace après le deux-points de « readTime:3 » : écrivez "
        "`readTime: 3`",
    ),
    "unquoted variable": (
        "subtitle: {{ prix.pack }} le pack\n",
        f"6:11 [] {READ}une valeur qui contient une variable {{{{ … }}}} s’écrit entre "
        "guillemets, sinon « { » y commence un groupe de clés : "
        '`subtitle: "{{ prix.pack }} le pack"`',
    ),
    "control character": (
        "subtitle: a\x07b\n",
        f"6:12 [] {READ}le caractère invisible U+0007 n’est pas permis ; supprimez-le (il "
        "vient souvent d’un copier-coller)",
    ),
    "too deep": (
        "subtitle: " + "[" * 10_000 + "]" * 10_000 + "\n",
        "6:30 [] trop de niveaux imbriqués : le crochet « [ » ouvre ici un 21e niveau de "
        "groupes de clés ou de listes, la limite est de 20 ; le contenu n’en demande jamais "
        "autant : vérifiez les retraits et les crochets",
    ),
    "huge number": (
        "readTime: " + "9" * 5000 + "\n",
        "6:11 [readTime] nombre de 5000 chiffres : au-delà de 15 chiffres, un nombre n’est "
        "plus exact ; si c’est un identifiant ou un numéro, écrivez-le entre guillemets",
    ),
    "number of 16 digits": (
        "subtitle: 1234567890123456\n",
        "6:11 [subtitle] nombre de 16 chiffres : au-delà de 15 chiffres, un nombre n’est plus "
        "exact ; si c’est un identifiant ou un numéro, écrivez-le entre guillemets : "
        '`subtitle: "1234567890123456"`',
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_yaml_mistake_has_its_own_french_message(case: str) -> None:
    yaml_lines, expected = CASES[case]
    diags = problems(yaml_lines)
    assert [plain(d) for d in diags] == [expected]
    assert diags[0].path == SHOWN


def test_tab_in_the_settings_names_the_tab() -> None:
    """The settings' deeper YAML gave PyYAML's English (« found a tab character… »)."""
    settings = Path(__file__).resolve().parents[3] / "content" / "reglages" / "site.md"
    lines = settings.read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("  preview:"))
    lines[index] = "\t" + lines[index].lstrip()
    diags = process(source("reglages/site.md"), "\n".join(lines).encode()).diagnostics
    assert [plain(d) for d in diags] == [
        f"{index + 1}:1 [] {READ}tabulation (touche Tab) dans le retrait : les retraits "
        "s’écrivent avec des espaces ; remplacez-la par deux espaces"
    ]


def test_cell_yaml_is_named_as_a_cell() -> None:
    body = "Texte.\n\n```{cta}\ntitle: Prête : oui\nactions: []\n```\n"
    diags = problems("", body)
    assert [plain(d) for d in diags] == [
        "11:14 [] impossible de lire la cellule {cta} : deux-points « : » suivi d’une espace "
        "dans une valeur : une valeur qui contient « : » s’écrit entre guillemets : "
        '`title: "Prête : oui"`'
    ]


def test_an_alias_bomb_is_one_error() -> None:
    laughs = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n"
        for p, n in zip("abcdefgh", "bcdefghi", strict=True)
    )
    diags = problems(laughs)
    assert len(diags) == 1
    assert diags[0].line == 6 and "ancre YAML" in diags[0].message


def test_examples_keep_straight_quotes_and_colons() -> None:
    """French typography applies to the message, never to the example between backticks."""
    (diag,) = problems("subtitle: A : B\n")
    assert diag.message.endswith('`subtitle: "A : B"`')
    assert "en-tête\u00a0: " in diag.message


def test_a_valid_comment_line_is_accepted() -> None:
    assert problems("# une note pour l’équipe\nreadTime: 3\n") == []


# --- No English, whatever the YAML ------------------------------------------------------

#: Words of PyYAML's messages (scanner, parser, composer, constructor, reader) and of
#: Python's exceptions: none may appear in a message.
ENGLISH = re.compile(
    r"\b(found|expected|while|scanning|parsing|mapping|allowed|character|stream|token|"
    r"could not|unacceptable|constructor|undefined|"
    r"Exceeds|limit|digits|line \d|column \d|Error|Traceback)\b"
)

yaml_pieces = st.sampled_from([
    "title: x", "subtitle:", "  ", "\t", "- ", "-", ":", ": ", "#", " #", "'", '"', "[", "]",
    "{", "}", "{{ prix.pack }}", ",", "&a", "*a", "!x", "%", "@", "`", "|", ">", "?", "---",
    "...", "\\", "é", "\n", "\n  ", "\n    ", "readTime: 12345678901234567890", "\x07",
    "keywords:", "  - a", "image:", "  src: /images/x.png", "a: b: c",
])  # fmt: skip
yaml_texts = st.lists(yaml_pieces | st.text(string.printable, max_size=8), max_size=30).map("".join)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(yaml_text=yaml_texts)
def test_random_yaml_never_gives_english_or_a_traceback(yaml_text: str) -> None:
    text = "---\n" + yaml_text.replace("---", "- - -") + "\n---\n\nTexte.\n"
    result = process(source(), text.encode())
    for diag in result.diagnostics:
        assert "erreur interne" not in diag.message
        # The French sentences quote what the coach typed: look at the rest only.
        french = re.sub(r"«[^»]*»|`[^`]*`", "", diag.message)
        assert not ENGLISH.search(french), diag.message
        assert diag.line >= 1 and diag.column >= 1
