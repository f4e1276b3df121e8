"""Shapes of the values that end up in an HTML attribute, a URL, a file name or a header.

Anyone who opens a pull request can write these values, so each is checked for its exact
shape here, whatever escaping happens later: a link is one of five forms, the site's address
is ``https://`` + host + path, a custom domain is a bare host name, an id is a slug that no
global of the page uses. Each ``*_problem`` function returns the French reason a value is
refused (None when it is fine); the ``check_*`` functions are the Pydantic validators.
"""

from __future__ import annotations

import re
import unicodedata

from contenu.models.page_globals import id_problem

_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
#: A DNS host name: dot-separated labels, a last label that is not a number (no IP address).
_HOST = re.compile(rf"^(?=.{{1,253}}$)(?:{_LABEL}\.)+(?=[a-z0-9-]*[a-z])[a-z0-9-]{{2,63}}$")
_SITE_URL = re.compile(r"^https://([^/:]+)(?::([0-9]{1,5}))?(/[A-Za-z0-9._~/-]*)?$")
_PATH_SEGMENT_DOTS = re.compile(r"(^|/)\.{1,2}(/|$)")
_TEL = re.compile(r"^tel:\+?[0-9][0-9.()-]*$")
#: Characters that could end an attribute or a URL where the value is written.
_QUOTES_AND_MARKUP = "\"'<>\\`"


def _invisible(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) in {"Cc", "Cf", "Zl", "Zp"}


def _bad_character(value: str) -> str | None:
    """A French description of the first character of ``value`` that cannot be in it."""
    for char in value:
        if char == " " or char == "\u00a0":
            return "un espace"
        if _invisible(char):
            return f"un caractère invisible (U+{ord(char):04X})"
        if char in _QUOTES_AND_MARKUP:
            return f"le caractère « {char} »"
    return None


def link_problem(url: str) -> str | None:
    """Links a coach writes: ``/page``, ``#ancre``, ``https://…``, ``mailto:…``, ``tel:…``.

    Plain ``http://`` is refused (a visitor would leave the site unencrypted), and so are
    protocol-relative ``//host`` links (they look like a page of the site but lead away) and
    every other scheme (``javascript:``, ``data:``…).
    """
    lowered = url.lower()
    bad = _bad_character(url)
    if bad is not None:
        # The value is not repeated: it may hold characters that garble the terminal.
        if lowered.startswith("tel:"):
            return f"le numéro contient {bad} : écrivez-le sans espace, « tel:+33612345678 »"
        return (
            f"le lien contient {bad} : écrivez l’adresse sans espace ni guillemet (un espace "
            "s’écrit %20)"
        )
    if url.startswith("//"):
        return (
            f"lien « {url} » sans protocole : écrivez « https:{url} » pour un autre site, ou "
            "« /page » pour une page de ce site"
        )
    if url.startswith(("/", "#")):
        return None
    if lowered.startswith("https://"):
        authority = url[len("https://") :].split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]
        if not authority:
            return f"lien « {url} » sans nom de site après « https:// »"
        if "@" in authority:
            return (
                f"lien « {url} » : « nom@ » avant le nom du site est refusé (il sert à déguiser "
                "l’adresse réelle)"
            )
        return None
    if lowered.startswith("mailto:"):
        return None if "@" in url else f"lien « {url} » : il manque l’adresse e-mail"
    if lowered.startswith("tel:"):
        if _TEL.match(url):
            return None
        return f"lien « {url} » : écrivez le numéro sans espace, par exemple « tel:+33612345678 »"
    if lowered.startswith("http://"):
        return f"lien non chiffré « {url} » : écrivez « https:// » au lieu de « http:// »"
    scheme = url.split(":", 1)[0] if ":" in url.split("/", 1)[0] else ""
    if scheme:
        return (
            f"lien « {url} » refusé : seuls « https://… », « mailto:… » et « tel:… » sont "
            f"acceptés, pas « {scheme}:… »"
        )
    return (
        "le lien doit commencer par « / » (page du site), « # » (ancre), « https://… », "
        "« mailto:… » ou « tel:… »"
    )


def host_name_problem(host: str) -> str | None:
    """A bare host name such as ``www.example.org`` (ASCII; accents in punycode)."""
    example = "par exemple « www.renouer-coaching.fr »"
    bad = _bad_character(host)
    if bad is not None:
        return f"nom de domaine invalide : il contient {bad} ; {example}"
    if "://" in host:
        return f"écrivez seulement le nom de domaine, sans « https:// » ; {example}"
    if "/" in host:
        return f"écrivez seulement le nom de domaine, sans « / » ni chemin ; {example}"
    if ":" in host:
        return f"écrivez seulement le nom de domaine, sans « : » ni numéro de port ; {example}"
    if "@" in host:
        return f"écrivez seulement le nom de domaine, sans « @ » ; {example}"
    if not _HOST.match(host.lower()):
        return (
            f"nom de domaine invalide « {host} » : des mots de lettres sans accent, chiffres et "
            f"tirets séparés par des points ; {example}"
        )
    return None


def site_url_problem(url: str) -> str | None:
    """``https://`` + host name (+ port) + a path of plain characters; no query, fragment,
    user name, quote or markup: the value becomes the base of every link and script."""
    if not url.lower().startswith("https://"):
        return "elle doit commencer par https://"
    bad = _bad_character(url)
    if bad is not None:
        return f"elle contient {bad}"
    rest = url[len("https://") :]
    authority = rest.split("/", 1)[0]
    if "@" in authority:
        return "pas de « nom@ » devant le nom de domaine"
    if "?" in url or "#" in url:
        return "pas de « ? » ni de « # » : seulement le domaine et un chemin"
    match = _SITE_URL.match("https://" + rest)
    if match is None:
        return (
            "après le nom de domaine, seulement un chemin fait de lettres sans accent, chiffres, "
            "« - », « _ », « . », « ~ » et « / »"
        )
    host, port, path = match.group(1), match.group(2), match.group(3) or "/"
    if not _HOST.match(host.lower()):
        return f"nom de domaine invalide « {host} »"
    if port is not None and not 0 < int(port) < 65536:
        return f"numéro de port invalide « {port} »"
    if "//" in path or _PATH_SEGMENT_DOTS.search(path):
        return "le chemin ne doit contenir ni « // », ni « . » ou « .. » entre deux « / »"
    return None


def normal_site_url(url: str) -> str:
    """A valid site URL with its host in lower case and a final ``/``."""
    host, _, path = url[len("https://") :].partition("/")
    url = f"https://{host.lower()}/{path}"
    return url if url.endswith("/") else url + "/"


def check_link(value: str) -> str:
    problem = link_problem(value)
    if problem is not None:
        raise ValueError(problem)
    return value


def check_host_name(value: str) -> str:
    problem = host_name_problem(value)
    if problem is not None:
        raise ValueError(problem)
    return value.lower()


def check_site_url(value: str) -> str:
    problem = site_url_problem(value)
    if problem is not None:
        raise ValueError(f"adresse publique invalide : {problem}")
    return normal_site_url(value)


def check_anchor(value: str) -> str:
    problem = id_problem(value)
    if problem is not None:
        raise ValueError(problem)
    return value
