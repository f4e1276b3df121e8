"""The guide's sign-in page (docs/guide/connexion-github.md) can be followed word for word:
it names GitHub's fields as GitHub's token page shows them, the editor's buttons as the
editor names them, and it is written in French typography."""

from __future__ import annotations

import re

from test_guide import GUIDE_DIR, ROOT, prose

from contenu.text.typography import french_typography

PAGE = GUIDE_DIR / "connexion-github.md"
TEXTS = ROOT / "site" / "src" / "editor" / "github" / "texts.ts"
#: The pages, fields, choices and buttons of GitHub's fine-grained token page, in its words.
GITHUB_WORDS = (
    "Settings", "Developer settings", "Personal access tokens", "Fine-grained tokens",
    "Generate new token", "Token name", "Expiration", "Resource owner", "Repository access",
    "Only select repositories", "Select repositories", "Permissions", "Repository permissions",
    "Add permissions", "Contents", "Pull requests", "Metadata", "Read and write", "Read-only",
    "No access", "Generate token", "Edit", "Delete",
)  # fmt: skip


def test_the_page_names_githubs_fields_as_github_does() -> None:
    bold = set(re.findall(r"\*\*([^*]+)\*\*", PAGE.read_text(encoding="utf-8")))
    assert set(GITHUB_WORDS) <= bold
    assert "https://github.com/settings/personal-access-tokens/new" in PAGE.read_text("utf-8")


def test_the_editors_names_quoted_by_the_page_are_the_editors() -> None:
    page = PAGE.read_text(encoding="utf-8")
    texts = TEXTS.read_text(encoding="utf-8")
    quoted = set(re.findall(r"«\s([^»]+?)\s»", page))
    for name in ("Se connecter à GitHub", "Jeton d’accès personnel", "Se souvenir sur cet appareil",
                 "Se déconnecter", "Proposer mes modifications", "Réessayer"):  # fmt: skip
        assert name in quoted, f"the page does not quote « {name} »"
        assert f'"{name}"' in texts, f"the editor has no « {name} »"


def test_the_page_uses_french_typography() -> None:
    for chunk in prose(PAGE.read_text(encoding="utf-8")):
        if chunk.lstrip().startswith("<https"):
            continue
        assert french_typography(chunk) == chunk, f"typography to fix in: {chunk!r}"


def test_the_guide_links_to_the_page() -> None:
    assert "(connexion-github.md)" in (GUIDE_DIR / "README.md").read_text(encoding="utf-8")
