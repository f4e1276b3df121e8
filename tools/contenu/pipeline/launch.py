"""The launch gate: what must still be replaced before the site goes live.

Three kinds of stand-ins are marked explicitly in ``content/``: « [À COMPLÉTER] » values,
provider identifiers under ``provisional: true`` in the settings, and images kept in
``content/images/provisoires/``. ``contenu check`` shows them as warnings;
``contenu check --production`` (run by the deploy workflow) makes them errors, so the site
is never published with one of them. One list of rules, ``RULES``, feeds both the check and
the « Avant la mise en ligne » checklist of the coaches' guide.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from contenu.models import LEGAL, SETTINGS_FILE
from contenu.models.site import SiteSettings
from contenu.pipeline.validate import PLACEHOLDER_WARNING, FileResult
from contenu.report.diagnostics import Diagnostic, Severity, sort_key
from contenu.report.labels import key_label
from contenu.text.plural import plural
from contenu.text.typography import french_typography

if TYPE_CHECKING:
    from contenu.pipeline.build import Outcome

#: Images under this path are stand-ins; a real photo anywhere else clears the blocker.
PROVISIONAL_IMAGES = "/images/provisoires/"

GUIDE_START = "<!-- avant-la-mise-en-ligne:début (généré par contenu/pipeline/launch.py) -->"
GUIDE_END = "<!-- avant-la-mise-en-ligne:fin -->"


@dataclass(frozen=True)
class Rule:
    """One kind of launch blocker and the checklist line that tells a coach what to do."""

    key: str
    checklist: str  # French Markdown, one line of « Avant la mise en ligne »


RULES: tuple[Rule, ...] = (
    Rule(
        "marks",
        "Remplacer chaque valeur marquée `[À COMPLÉTER]`, en particulier dans les mentions "
        f"légales (`content/{LEGAL.path}`) : forme juridique, adresse, "
        "téléphone, SIRET et numéro de TVA, exigés par la loi (LCEN).",
    ),
    Rule(
        "mailerlite",
        "Brancher le vrai formulaire MailerLite : `./nox -s contenu -- integrer mailerlite` "
        "avec le code JavaScript **et** le code HTML du formulaire.",
    ),
    Rule(
        "calendly",
        "Brancher le vrai agenda Calendly : `./nox -s contenu -- integrer calendly` avec le code "
        "d’intégration de l’événement « appel découverte ».",
    ),
    Rule(
        "metaPixel",
        "Brancher le vrai pixel Meta (`./nox -s contenu -- integrer pixel` avec son code de "
        "base), ou enlever les lignes `id` et `provisional` de `metaPixel` pour un site sans pixel "
        "(et donc sans bandeau cookies).",
    ),
    Rule(
        "images",
        "Remplacer chaque image provisoire (dossier `content/images/provisoires/`) par la vraie "
        "photo, déposée ailleurs dans `content/images/`, avec un texte `alt` qui la décrit. "
        "Le champ `focus` règle le cadrage.",
    ),
)

_PROVIDER_NAMES = {"mailerlite": "MailerLite", "calendly": "Calendly", "metaPixel": "du pixel Meta"}
_COMMANDS = {"mailerlite": "mailerlite", "calendly": "calendly", "metaPixel": "pixel"}


@dataclass(frozen=True)
class Blocker:
    rule: str  # a Rule.key
    diagnostic: Diagnostic


def _provider_blockers(result: FileResult) -> list[Blocker]:
    model = result.model
    if not isinstance(model, SiteSettings):
        return []
    providers = model.providers
    found = []
    for key, provider in (
        ("mailerlite", providers.mailerlite),
        ("calendly", providers.calendly),
        ("metaPixel", providers.meta_pixel),
    ):
        if not provider.provisional:
            continue
        loc = ("providers", key, "provisional")
        line, column = result.positions.get(loc, result.positions.get(loc[:2], (1, 1)))
        text = result.lines[line - 1] if 0 < line <= len(result.lines) else ""
        name = _PROVIDER_NAMES[key]
        message = (
            f"valeurs {name} provisoires : remplacez-les par celles du vrai compte avec "
            f"« ./nox -s contenu -- integrer {_COMMANDS[key]} », qui enlève aussi cette ligne"
        )
        field_ = f"providers.{key}.provisional"
        found.append(
            Blocker(
                key,
                Diagnostic(result.source.display, line, column, field_, message, "warning", text),
            )
        )
    return found


def _image_blockers(result: FileResult) -> list[Blocker]:
    found = []
    for ref in result.refs:
        if ref.url.startswith(PROVISIONAL_IMAGES):
            message = (
                f"image provisoire « {ref.url} » : déposez la vraie image ailleurs dans "
                "content/images/, écrivez son chemin ici et décrivez-la dans « "
                f"{key_label('alt')} »"
            )
            diag = Diagnostic(
                result.source.display,
                ref.line,
                ref.column,
                ref.field,
                message,
                "warning",
                ref.source_line,
            )
            found.append(Blocker("images", diag))
    return found


def blockers(results: Iterable[FileResult], diagnostics: Iterable[Diagnostic]) -> list[Blocker]:
    """Every launch blocker of an analysed content folder, in file and line order."""
    mark = french_typography(PLACEHOLDER_WARNING)
    found = [
        Blocker("marks", d) for d in diagnostics if d.severity == "warning" and d.message == mark
    ]
    for result in results:
        if result.source.rel == SETTINGS_FILE:
            found += _provider_blockers(result)
        found += _image_blockers(result)
    return sorted(found, key=lambda b: sort_key(b.diagnostic))


def with_blockers(
    diagnostics: Sequence[Diagnostic], found: Sequence[Blocker], *, production: bool
) -> list[Diagnostic]:
    """The diagnostics to show: blockers are warnings, and errors in production."""
    marks = {b.diagnostic for b in found if b.rule == "marks"}
    kept = [d for d in diagnostics if d not in marks]
    severity: Severity = "error" if production else "warning"
    return kept + [dataclasses.replace(b.diagnostic, severity=severity) for b in found]


def apply_gate(
    outcome: Outcome,
    results: Iterable[FileResult],
    *,
    production: bool,
    env: dict[str, str] | None = None,
) -> dict[str, str]:
    """Adds the launch blockers to ``outcome`` (errors with ``production``) and returns the
    environment ``report`` should use. In production the job summary is this module's
    French checklist instead of the generic table, written here."""
    env = dict(os.environ) if env is None else dict(env)
    content_errors = list(outcome.errors)
    found = blockers(results, outcome.diagnostics)
    outcome.diagnostics = with_blockers(outcome.diagnostics, found, production=production)
    summary_path = env.pop("GITHUB_STEP_SUMMARY", "") if production else ""
    if summary_path:
        try:
            with Path(summary_path).open("a", encoding="utf-8") as handle:
                handle.write(production_summary(found, content_errors))
        except OSError:
            pass  # the terminal output and the annotations still list every blocker
    return env


def checklist_markdown() -> str:
    """The « Avant la mise en ligne » checklist of the guide, one line per rule."""
    return "\n".join(f"- [ ] {french_typography(rule.checklist)}" for rule in RULES) + "\n"


def production_summary(found: Sequence[Blocker], content_errors: Sequence[Diagnostic]) -> str:
    """French job summary of ``contenu check --production``: what blocks the launch, by rule,
    each place as ``fichier:ligne``, then any other content error."""
    lines = ["## Mise en ligne", ""]
    if not found and not content_errors:
        lines.append("✅ Rien ne bloque la mise en ligne : le site peut être publié.")
        return french_typography("\n".join(lines)) + "\n"
    lines += [
        french_typography(
            f"❌ **Mise en ligne refusée** ({_count(len(found) + len(content_errors))}) : le site "
            "en ligne reste tel qu’il était. Réglez les points ci-dessous, puis fusionnez la "
            "correction : la publication repartira toute seule."
        ),
        "",
    ]
    for rule in RULES:
        mine = [b.diagnostic for b in found if b.rule == rule.key]
        if mine:
            lines.append(f"- {french_typography(rule.checklist)}")
            lines += [f"  - [ ] {_where(d)} — {d.message}" for d in mine]
    if content_errors:
        lines.append(french_typography("- Corriger les erreurs du contenu :"))
        lines += [f"  - [ ] {_where(d)} — {d.message}" for d in content_errors]
    return "\n".join(lines) + "\n"


def verdict(outcome: Outcome) -> str:
    """The last line of ``contenu check --production``."""
    errors = len(outcome.errors)
    if errors:
        return f"Mise en ligne refusée : {_count(errors)} (voir ci-dessus)."
    return "Rien ne bloque la mise en ligne."


def _count(n: int) -> str:
    return f"{plural(n, 'point')} à régler"


def _where(diag: Diagnostic) -> str:
    field_ = f" ({diag.field})" if diag.field else ""
    line = f":{diag.line}" if diag.has_line else ""
    return f"`{diag.path}{line}`{field_}"
