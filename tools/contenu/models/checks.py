"""Shapes of the values that end up in an HTML attribute, a URL, a file name or a header.

Anyone who opens a pull request can write these values, so each is checked for its exact
shape here, whatever escaping happens later: a link is one of five forms, the site's address
is ``https://`` + host + path, a custom domain is a bare host name. Each rule is a record
(``contenu.rules``): the pipeline raises its French messages, the carnet reads the same
record. Each ``*_problem`` function returns the French reason a value is refused (None when
it is fine).
"""

from __future__ import annotations

from contenu.rules import INVISIBLE, Decisions, Longer, Matches, Pattern, Step

_LABEL = r"[a-z0-9](?:[a-z0-9\-]{0,61}[a-z0-9])?"
#: A DNS host name (lower case): dot-separated labels, a last label that is not a number (no
#: IP address). 253 characters at most, tested before.
_HOST = Pattern(rf"(?:{_LABEL}\.)+(?=[a-z0-9\-]*[a-z])[a-z0-9\-]{{2,63}}", "fullmatch")
_HOST_LENGTH = 253

#: The first character that cannot be in a link, a host or an address: a space, an
#: invisible character, or one that could end an attribute or a URL where it is written.
_BAD = Matches(
    Pattern(rf"(?P<space>[ \xa0])|(?P<invisible>[{INVISIBLE}])" + "|(?P<quote>[\"'<>\\\\`])")
)
#: « un espace », « un caractère invisible (U+200B) », « le caractère « < » ».
_BAD_PHRASE = {
    "bad": (
        ("space", "un espace"),
        ("invisible", "un caractère invisible (U+{invisible|code})"),
        ("quote", "le caractère « {quote} »"),
    )
}


def _starts(prefix: str, *, lower: bool = True, negate: bool = False) -> Matches:
    return Matches(Pattern(prefix, "match"), lower=lower, negate=negate)


#: Links a coach writes: ``/page``, ``#ancre``, ``https://…``, ``mailto:…``, ``tel:…``.
#: Plain ``http://`` is refused (a visitor would leave the site unencrypted), and so are
#: protocol-relative ``//host`` links (they look like a page of the site but lead away) and
#: every other scheme (``javascript:``, ``data:``…). The value is not repeated in the message
#: of a bad character: it may hold characters that garble the terminal.
LINK = Decisions(
    id="link",
    steps=(
        Step((_BAD, _starts("tel:")), "tel_bad_character"),
        Step((_BAD,), "bad_character"),
        Step((_starts("//", lower=False),), "protocol_relative"),
        Step((_starts("[/#]", lower=False),), None),
        Step((_starts("https://(?![^/?#])"),), "no_host"),
        Step((_starts("https://[^/?#]*@"),), "user_info"),
        Step((_starts("https://"),), None),
        Step((_starts("mailto:"), Matches(Pattern("@"), negate=True)), "no_email"),
        Step((_starts("mailto:"),), None),
        Step((Matches(Pattern(r"tel:\+?[0-9][0-9.()\-]*", "fullmatch")),), None),
        Step((_starts("tel:"),), "tel"),
        Step((_starts("http://"),), "http"),
        Step((_starts("(?P<scheme>[^/:]+):", lower=False),), "scheme"),
    ),
    otherwise="start",
    messages={
        "tel_bad_character": "le numéro contient {bad} : écrivez-le sans espace, "
        "« tel:+33612345678 »",
        "bad_character": "le lien contient {bad} : écrivez l’adresse sans espace ni guillemet "
        "(un espace s’écrit %20)",
        "protocol_relative": "lien « {value} » sans protocole : écrivez « https:{value} » pour "
        "un autre site, ou « /page » pour une page de ce site",
        "no_host": "lien « {value} » sans nom de site après « https:// »",
        "user_info": "lien « {value} » : « nom@ » avant le nom du site est refusé (il sert à "
        "déguiser l’adresse réelle)",
        "no_email": "lien « {value} » : il manque l’adresse e-mail",
        "tel": "lien « {value} » : écrivez le numéro sans espace, par exemple "
        "« tel:+33612345678 »",
        "http": "lien non chiffré « {value} » : écrivez « https:// » au lieu de « http:// »",
        "scheme": "lien « {value} » refusé : seuls « https://… », « mailto:… » et « tel:… » "
        "sont acceptés, pas « {scheme}:… »",
        "start": "le lien doit commencer par « / » (page du site), « # » (ancre), "
        "« https://… », « mailto:… » ou « tel:… »",
    },
    phrases=_BAD_PHRASE,
    examples=(
        "/contact", "#formulaire", "https://exemple.fr/a?b#c", "mailto:a@b.fr", "tel:+33612345678",
        "/a b", "/a\u200b", "/a<", "tel:+33 6", "//exemple.fr", "https://", "https://?x",
        "https://nom@exemple.fr", "mailto:contact", "tel:06 12", "TEL:+33", "http://exemple.fr",
        "javascript:alert(1)", "exemple.fr", ":x", "HTTPS://EXEMPLE.FR",
    ),
)  # fmt: skip

_EXAMPLE = "par exemple « www.renouer-coaching.fr »"

#: A bare host name such as ``www.example.org`` (ASCII; accents in punycode), as GitHub
#: Pages reads it in ``CNAME``.
HOST_NAME = Decisions(
    id="host_name",
    steps=(
        Step((_BAD,), "bad_character"),
        Step((Matches(Pattern("://")),), "scheme"),
        Step((Matches(Pattern("/")),), "path"),
        Step((Matches(Pattern(":")),), "port"),
        Step((Matches(Pattern("@")),), "user"),
        Step((Longer(_HOST_LENGTH),), "shape"),
        Step((Matches(_HOST, lower=True, negate=True),), "shape"),
    ),
    messages={
        "bad_character": f"nom de domaine invalide : il contient {{bad}} ; {_EXAMPLE}",
        "scheme": f"écrivez seulement le nom de domaine, sans « https:// » ; {_EXAMPLE}",
        "path": f"écrivez seulement le nom de domaine, sans « / » ni chemin ; {_EXAMPLE}",
        "port": "écrivez seulement le nom de domaine, sans « : » ni numéro de port ; "
        + _EXAMPLE,
        "user": f"écrivez seulement le nom de domaine, sans « @ » ; {_EXAMPLE}",
        "shape": "nom de domaine invalide « {value} » : des mots de lettres sans accent, "
        f"chiffres et tirets séparés par des points ; {_EXAMPLE}",
    },
    phrases=_BAD_PHRASE,
    examples=(
        "www.exemple.fr", "WWW.Exemple.FR", "exemple", "a b.fr", "https://exemple.fr",
        "exemple.fr/a", "exemple.fr:443", "nom@exemple.fr", "127.0.0.1", "-a.fr", "a" * 254 + ".fr",
    ),
)  # fmt: skip

_PORT = Pattern(
    "0*[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]",
    "fullmatch",
)

#: ``https://`` + host name (+ port) + a path of plain characters; no query, fragment, user
#: name, quote or markup: the value becomes the base of every link and script.
SITE_URL = Decisions(
    id="site_url",
    steps=(
        Step((_starts("https://", negate=True),), "scheme"),
        Step((_BAD,), "bad_character"),
        Step((_starts("https://[^/]*@"),), "user"),
        Step((Matches(Pattern("[?#]")),), "query"),
        Step(
            (
                Matches(
                    Pattern(
                        "[Hh][Tt][Tt][Pp][Ss]://(?P<host>[^/:]+)(?::(?P<port>[0-9]{1,5}))?"
                        r"(?P<path>/[A-Za-z0-9._~/\-]*)?",
                        "fullmatch",
                    ),
                    negate=True,
                ),
            ),
            "path_characters",
        ),
        Step((Longer(_HOST_LENGTH, on="host"),), "host"),
        Step((Matches(_HOST, on="host", lower=True, negate=True),), "host"),
        Step((Matches(_PORT, on="port", negate=True),), "port"),
        Step((Matches(Pattern(r"//|/\.\.?(?![^/])"), on="path"),), "path_segments"),
    ),
    messages={
        "scheme": "elle doit commencer par https://",
        "bad_character": "elle contient {bad}",
        "user": "pas de « nom@ » devant le nom de domaine",
        "query": "pas de « ? » ni de « # » : seulement le domaine et un chemin",
        "path_characters": "après le nom de domaine, seulement un chemin fait de lettres sans "
        "accent, chiffres, « - », « _ », « . », « ~ » et « / »",
        "host": "nom de domaine invalide « {host} »",
        "port": "numéro de port invalide « {port} »",
        "path_segments": "le chemin ne doit contenir ni « // », ni « . » ou « .. » entre deux "
        "« / »",
    },
    phrases=_BAD_PHRASE,
    frame="adresse publique invalide : {problem}",
    examples=(
        "https://exemple.fr/", "https://Exemple.org:443/coaching", "http://exemple.fr",
        "https://exemple.fr/a b", "https://nom@exemple.fr", "https://exemple.fr/?a",
        "https://exemple.fr/é", "https://127.0.0.1/", "https://exemple.fr:0/",
        "https://exemple.fr:65536/", "https://exemple.fr//a", "https://exemple.fr/../a",
        "https://exemple.fr/a/./", "HTTPS://EXEMPLE.FR",
    ),
)  # fmt: skip


def link_problem(url: str) -> str | None:
    """Why a link a coach wrote is refused (French), or None."""
    return LINK.problem(url)


def host_name_problem(host: str) -> str | None:
    """Why a custom domain is refused (French), or None."""
    return HOST_NAME.problem(host)


def site_url_problem(url: str) -> str | None:
    """Why a site address is refused (French, without « adresse publique invalide »)."""
    return SITE_URL.problem(url)


def normal_site_url(url: str) -> str:
    """A valid site URL with its host in lower case and a final ``/``."""
    host, _, path = url[len("https://") :].partition("/")
    url = f"https://{host.lower()}/{path}"
    return url if url.endswith("/") else url + "/"


def lower_host(value: str) -> str:
    """A host name as it is compared and written: in lower case."""
    return value.lower()
