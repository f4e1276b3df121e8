"""Values that reach an attribute, a URL or a file are checked for their exact shape: links,
the site's address (setting and SITE_URL), the custom domain. Golden French messages name
the file, the line and the field; property tests show that whatever is accepted is harmless
where it is written."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stage_inputs import ARTICLE_FRONT

from contenu.models.checks import host_name_problem, link_problem, site_url_problem

SETTINGS = "content/reglages/site.md"
_SHIPPED_LINES = ((Path(__file__).resolve().parents[3] / SETTINGS).read_text("utf-8")).split("\n")
#: Where the cases below write the second header link: its line in the shipped settings.
MENU_LINK = f"{SETTINGS}:{_SHIPPED_LINES.index('      href: /a-propos') + 1}:7"
MENU_LABEL = "Navigation › Lien 2 › Lien"
#: Where the settings' errors are, as `contenu check` names them.
SITE_URL = f"{SETTINGS}:11:1: Adresse du site :"
DOMAIN = f"{SETTINGS}:12:1: Domaine personnalisé :"
ARTICLE = "articles/essai.md"
SHOWN = "content/articles/essai.md"
VALID_ARTICLE = (
    ARTICLE_FRONT
    + """---

Du texte.
"""
)


BUILD = Path("site/generated/build")  # runner.BUILD_OUT


def _settings(site_root: Path, old: str, new: str) -> None:
    path = site_root / SETTINGS
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


SETTINGS_CASES: dict[str, tuple[str, str, str]] = {
    "site url turned into a script": (
        "siteUrl: https://renouer-coaching.fr/",
        "siteUrl: 'https://x.fr/x\"><script>alert(1)</script>/'",
        f'{SITE_URL} adresse publique invalide : elle contient le caractère « " »',
    ),
    "site url in plain http": (
        "siteUrl: https://renouer-coaching.fr/",
        "siteUrl: http://renouer-coaching.fr/",
        f"{SITE_URL} adresse publique invalide : elle doit commencer par https://",
    ),
    "site url with a query": (
        "siteUrl: https://renouer-coaching.fr/",
        "siteUrl: https://renouer-coaching.fr/?x=1",
        f"{SITE_URL} adresse publique invalide : pas de « ? » ni de « # »",
    ),
    "site url with a user name": (
        "siteUrl: https://renouer-coaching.fr/",
        "siteUrl: https://moi@renouer-coaching.fr/",
        f"{SITE_URL} adresse publique invalide : pas de « nom@ » devant le nom",
    ),
    "custom domain with a newline and markup": (
        "siteUrl: https://renouer-coaching.fr/",
        'siteUrl: https://renouer-coaching.fr/\ncustomDomain: "x.fr\\n<script>alert(1)</script>"',
        f"{DOMAIN} nom de domaine invalide : il contient un caractère invisible (U+000A)",
    ),
    "custom domain written as a URL": (
        "siteUrl: https://renouer-coaching.fr/",
        "siteUrl: https://renouer-coaching.fr/\ncustomDomain: https://renouer-coaching.fr/",
        f"{DOMAIN} écrivez seulement le nom de domaine, sans « https:// »",
    ),
    "custom domain with a port": (
        "siteUrl: https://renouer-coaching.fr/",
        "siteUrl: https://renouer-coaching.fr/\ncustomDomain: renouer-coaching.fr:8080",
        f"{DOMAIN} écrivez seulement le nom de domaine, sans « : » ni numéro de port",
    ),
    "protocol-relative menu link": (
        "      href: /a-propos\n",
        "      href: //evil.example\n",
        f"{MENU_LINK}: {MENU_LABEL} : lien « //evil.example » sans protocole : "
        "écrivez « https://evil.example » pour un autre site",
    ),
    "javascript menu link": (
        "      href: /a-propos\n",
        "      href: javascript:alert(1)\n",
        f"{MENU_LINK}: {MENU_LABEL} : lien « javascript:alert(1) » refusé : "
        "seuls « https://… », « mailto:… » et « tel:… » sont acceptés, pas « javascript:… »",
    ),
    "plain http menu link": (
        "      href: /a-propos\n",
        "      href: http://example.org\n",
        f"{MENU_LINK}: {MENU_LABEL} : lien non chiffré « http://example.org » : "
        "écrivez « https:// » au lieu de « http:// »",
    ),
    "menu link breaking out of the attribute": (
        "      href: /a-propos\n",
        "      href: '/a\"onmouseover=\"alert(1)'\n",
        f'{MENU_LINK}: {MENU_LABEL} : le lien contient le caractère « " »',
    ),
    "menu link with a backslash": (
        "      href: /a-propos\n",
        "      href: /\\evil.example\n",
        f"{MENU_LINK}: {MENU_LABEL} : le lien contient le caractère « \\ »",
    ),
    "data menu link": (
        "      href: /a-propos\n",
        "      href: data:text/html;base64,PHNjcmlwdD4=\n",
        f"{MENU_LINK}: {MENU_LABEL} : lien « data:text/html;base64,PHNjcmlwdD4= » refusé",
    ),
    "telephone link with spaces": (
        "      href: /a-propos\n",
        "      href: tel:06 12 34 56 78\n",
        f"{MENU_LINK}: {MENU_LABEL} : le numéro contient un espace : écrivez-le "
        "sans espace, « tel:+33612345678 »",
    ),
}


@pytest.mark.parametrize("case", sorted(SETTINGS_CASES))
def test_refused_setting_gives_a_french_message_at_its_line(
    case: str, site_root: Path, contenu: Callable[..., Any]
) -> None:
    old, new, expected = SETTINGS_CASES[case]
    _settings(site_root, old, new)
    result = contenu("check", "--today", "2026-01-15")
    assert result.exit_code == 1, result.output
    assert expected in result.plain, result.output
    assert "Traceback" not in result.output


ARTICLE_CASES: dict[str, tuple[str, str]] = {
    "protocol-relative prose link": (
        "Voir [ici](//evil.example/x).",
        f"{SHOWN}:8:12: lien « //evil.example/x » sans protocole",
    ),
    "plain http prose link": (
        "Voir [ici](http://example.org).",
        f"{SHOWN}:8:12: lien non chiffré « http://example.org »",
    ),
    "cell button to javascript": (
        "```{cta}\ntitle: Go\nactions:\n  - label: Go\n    href: JavaScript:alert(1)\n```",
        f"{SHOWN}:12:5: Appel à l’action › Bouton 1 › Lien : lien « JavaScript:alert(1) » refusé",
    ),
}


@pytest.mark.parametrize("case", sorted(ARTICLE_CASES))
def test_refused_link_in_an_article(
    case: str, write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    body, expected = ARTICLE_CASES[case]
    write(site_root, ARTICLE, VALID_ARTICLE.replace("Du texte.", body))
    result = contenu("check", "--today", "2026-01-15")
    assert result.exit_code == 1, result.output
    assert expected in result.plain, result.output


def test_accepted_link_forms(write: Any, site_root: Path, contenu: Callable[..., Any]) -> None:
    body = (
        "[a](/contact) [b](#suite) [c](https://example.org/x?y=1#z) "
        "[d](mailto:contact@example.org?subject=Bonjour) [e](tel:+33612345678)\n\n## Suite"
    )
    write(site_root, ARTICLE, VALID_ARTICLE.replace("Du texte.", body))
    result = contenu("build", "--today", "2026-01-15")
    assert result.exit_code == 0, result.output
    html = (site_root / BUILD / "public/data/routes/blog/essai.json").read_text(encoding="utf-8")
    assert 'href=\\"tel:+33612345678\\"' in html  # tel: kept by the sanitiser


def test_site_url_env_override_is_checked_the_same_way(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    build = site_root / BUILD
    hostile = 'https://x.fr/x"><script>alert(1)</script>/'
    result = contenu("build", env={"SITE_URL": hostile})
    assert result.exit_code == 1
    assert (
        f"adresse publique invalide « {hostile} » (variable SITE_URL ou siteUrl des réglages) : "
        'elle contient le caractère « " »'
    ) in result.plain
    assert not build.exists()
    assert contenu("build", env={"SITE_URL": "http://example.org/"}).exit_code == 1
    result = contenu("build", env={"SITE_URL": "HTTPS://Example.org/coaching"})
    assert result.exit_code == 0, result.output
    site = (build / "public" / "data" / "site.json").read_text()
    assert '"siteUrl":"https://example.org/coaching/"' in site


def test_cname_holds_only_the_host_name(site_root: Path, contenu: Callable[..., Any]) -> None:
    _settings(
        site_root,
        "siteUrl: https://renouer-coaching.fr/",
        "siteUrl: https://renouer-coaching.fr/\ncustomDomain: WWW.Renouer-Coaching.fr",
    )
    assert contenu("build").exit_code == 0
    assert (site_root / BUILD / "public/CNAME").read_bytes() == b"www.renouer-coaching.fr\n"


# --- properties -----------------------------------------------------------------------------

_HOSTILE = ['"', "'", "<", ">", "\\", "`", " ", "\n", "\t", "\u202e", "\x00", "\u2028", "@"]
_URLISH = st.lists(
    st.sampled_from(
        [
            "/", "//", "#", "?", ":", "https:", "http:", "mailto:", "tel:", "javascript:",
            "data:", "evil.example", "x", "a-b", "%20", "+33", "1", ".", "..", *_HOSTILE,
        ]
    ),
    max_size=8,
).map("".join)  # fmt: skip
_FORBIDDEN_IN_ATTRIBUTES = re.compile(r"[\"'<>\\`\s\x00-\x1f\x7f\u2028\u2029\u202a-\u202e]")


@settings(max_examples=400, deadline=None)
@given(st.one_of(_URLISH, st.text(max_size=30)))
def test_an_accepted_link_is_harmless_in_an_attribute(url: str) -> None:
    if link_problem(url) is not None:
        return
    assert not _FORBIDDEN_IN_ATTRIBUTES.search(url)
    assert not url.startswith("//")
    lowered = url.lower()
    assert lowered.startswith(("/", "#", "https://", "mailto:", "tel:"))
    if lowered.startswith("https://"):
        assert urlsplit(url).netloc and "@" not in urlsplit(url).netloc


@settings(max_examples=400, deadline=None)
@given(st.one_of(_URLISH.map(lambda u: "https://" + u.lstrip("/")), st.text(max_size=30)))
def test_an_accepted_site_url_is_an_https_origin_and_a_plain_path(url: str) -> None:
    if site_url_problem(url) is not None:
        return
    parts = urlsplit(url)
    assert parts.scheme == "https"
    assert not parts.query and not parts.fragment and "@" not in parts.netloc
    assert set(parts.path) <= set(string.ascii_letters + string.digits + "._~/-")


@settings(max_examples=300, deadline=None)
@given(st.one_of(_URLISH, st.text(max_size=30)))
def test_an_accepted_host_name_is_one_line_of_plain_characters(host: str) -> None:
    if host_name_problem(host) is not None:
        return
    assert set(host.lower()) <= set(string.ascii_lowercase + string.digits + ".-")
    assert "." in host
