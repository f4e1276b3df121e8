"""``contenu integrer``: the coach pastes the embed code MailerLite, Calendly or Meta gives
them, and the settings get the real identifiers (or a French list of what is missing).

Nothing is written unless every identifier the site needs was found, each has its real
shape, and the whole settings file still validates; then ``provisional: true`` goes too.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer
from pydantic import BaseModel, ValidationError

from contenu.integrate.settings_edit import Edit, EditError, apply, yaml_scalar
from contenu.integrate.snippets import Found, read_calendly, read_mailerlite, read_pixel
from contenu.models import SETTINGS
from contenu.models.providers import Calendly, MailerLite, MetaPixel
from contenu.pipeline.build import Project, find_root
from contenu.pipeline.discover import Source
from contenu.pipeline.validate import process
from contenu.report.diagnostics import pydantic_message
from contenu.report.output import format_terminal
from contenu.text.typography import french_typography

MAX_SNIPPET = 1_000_000  # bytes: a form's HTML code is a few dozen kilobytes


@dataclass(frozen=True)
class Service:
    name: str  # as the coach reads it
    key: str  # under `providers:`
    read: Callable[[str], Found]
    model: type[BaseModel]
    required: dict[str, str]  # setting → where the coach finds it
    where: str  # where the snippet is, in the provider's dashboard


SERVICES = {
    "mailerlite": Service(
        "MailerLite",
        "mailerlite",
        read_mailerlite,
        MailerLite,
        {
            "accountId": "l’identifiant du compte (accountId), écrit dans ml('account', '…') du "
            "code JavaScript et après /jsonp/ dans le code HTML",
            "formId": "l’identifiant du formulaire (formId), le long nombre écrit après /forms/ "
            "dans le code HTML",
            "formCode": "le code court du formulaire (formCode), la valeur de data-form dans le "
            "code JavaScript",
            "webformId": "le numéro du formulaire (webformId), écrit après mlb2- et "
            "ml_webform_success_ dans le code HTML",
        },
        "Dans MailerLite, ouvrez Formulaires, puis votre formulaire intégré : l’écran "
        "d’intégration montre le code JavaScript et le code HTML. Copiez les deux et donnez-les "
        "ensemble, par exemple : "
        "./nox -s contenu -- integrer mailerlite code-javascript.txt code-html.txt",
    ),
    "calendly": Service(
        "Calendly",
        "calendly",
        read_calendly,
        Calendly,
        {"url": "le lien de réservation (url), qui commence par https://calendly.com/"},
        "Dans Calendly, ouvrez l’événement de l’appel découverte, puis « Partager » et "
        "« Ajouter à un site web » : copiez le code du widget intégré (inline). Le simple lien "
        "de réservation suffit aussi.",
    ),
    "pixel": Service(
        "pixel Meta",
        "metaPixel",
        read_pixel,
        MetaPixel,
        {"id": "l’identifiant du pixel (id), écrit dans fbq('init', '…')"},
        "Dans le Gestionnaire d’événements de Meta, ouvrez le pixel, puis « Installer le code "
        "manuellement » : copiez le code de base.",
    ),
}


class IntegrationError(Exception):
    """Nothing was written; the message says why, in French."""


def say(text: str) -> None:
    typer.echo(french_typography(text))


def read_snippets(files: list[Path]) -> str:
    if not files:
        if sys.stdin.isatty():
            typer.echo(
                french_typography(
                    "Collez le code d’intégration, puis appuyez sur Ctrl-D "
                    "(Ctrl-Z puis Entrée sous Windows) :"
                ),
                err=True,
            )
        return sys.stdin.read(MAX_SNIPPET + 1)[: MAX_SNIPPET + 1]
    parts = []
    for path in files:
        if not path.is_file():
            raise IntegrationError(f"fichier introuvable : {path}")
        if path.stat().st_size > MAX_SNIPPET:
            raise IntegrationError(
                f"{path} est trop gros pour un code d’intégration (1 Mo au plus)"
            )
        parts.append(path.read_text(encoding="utf-8", errors="replace"))
    return "\n".join(parts)


def values_from(service: Service, text: str) -> Found:
    """The settings values of the snippet, validated, or ``IntegrationError`` with the reasons."""
    if not text.strip():
        raise IntegrationError(
            "aucun code reçu : collez le code d’intégration, ou donnez le fichier qui le contient"
        )
    if len(text) > MAX_SNIPPET:
        raise IntegrationError(
            "code trop long pour un code d’intégration (1 Mo au plus) : copiez seulement le "
            "code que donne le service, sans le reste de la page"
        )
    found = service.read(text)
    problems = [
        f"plusieurs valeurs différentes pour {key} ({', '.join(values)}) : donnez le code d’un "
        "seul formulaire ou d’un seul événement"
        for key, values in found.conflicts.items()
    ]
    missing = [where for key, where in service.required.items() if key not in found.values]
    if missing and len(missing) == len(service.required) and not found.conflicts:
        problems.append(f"ce code ne ressemble pas à un code d’intégration {service.name}")
    problems += [f"il manque {where}" for where in missing]
    try:
        service.model.model_validate(found.values)
    except ValidationError as exc:
        problems += [
            f"{'.'.join(str(p) for p in e['loc'])} : {pydantic_message(dict(e))}"
            for e in exc.errors(include_url=False)
            if e["type"] != "missing"
        ]
    if problems:
        raise IntegrationError("\n".join([*problems, service.where]))
    return found


def settings_source(project: Project) -> Source:
    path = project.content / SETTINGS.path
    # Only content/ is written, never through a symbolic link (project.content is resolved).
    if path.resolve() != path or not path.is_file():
        raise IntegrationError(f"{path} manque ou n’est pas un fichier ordinaire")
    shown = f"{project.content.name}/{SETTINGS.path}"
    folder, name = SETTINGS.path.removesuffix(".md").split("/")
    return Source(path, SETTINGS.path, shown, "singleton", folder, name)


def write_settings(source: Source, text: str) -> None:
    """Replace the file atomically, keeping its permissions."""
    mode = source.path.stat().st_mode & 0o777
    handle, temp = tempfile.mkstemp(dir=source.path.parent, prefix=".site.md.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.chmod(temp, mode)
        os.replace(temp, source.path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def integrate(service: Service, text: str, project: Project) -> tuple[Edit, list[str]]:
    """Write the snippet's values into the settings; ``IntegrationError`` leaves the file untouched.
    Returns the edit and the notes for the coach."""
    found = values_from(service, text)
    source = settings_source(project)
    before = source.path.read_text(encoding="utf-8")
    edit = Edit(("providers", service.key), found.values, remove=("provisional",))
    try:
        after = apply(before, edit, source)
    except EditError as exc:
        raise IntegrationError(str(exc)) from None
    errors = [d for d in process(source, after.encode("utf-8")).diagnostics if d.is_error]
    if errors:
        shown = "\n".join(format_terminal(d) for d in errors)
        raise IntegrationError(
            f"les réglages ne seraient plus valides, rien n’est écrit :\n{shown}"
        )
    write_settings(source, after)
    return edit, found.notes


def integrer(
    service: Annotated[
        str, typer.Argument(help="Le service : " + ", ".join(SERVICES) + ".", show_default=False)
    ],
    fichiers: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Fichiers contenant le code d’intégration (sinon, collez-le dans le terminal).",
            show_default=False,
        ),
    ] = None,
    content: Annotated[
        Path | None,
        typer.Option(
            "--content", help="Dossier du contenu (par défaut : content/ à la racine du dépôt)."
        ),
    ] = None,
) -> None:
    """Écrit dans les réglages les identifiants du code d’intégration de MailerLite, Calendly
    ou du pixel Meta, par exemple : ./nox -s contenu -- integrer calendly code.html"""
    chosen = SERVICES.get(service.lower())
    if chosen is None:
        say(f"Service inconnu : « {service} » ; services possibles : {', '.join(SERVICES)}.")
        raise typer.Exit(2)
    project = Project.at(find_root(Path.cwd()), content)
    try:
        edit, notes = integrate(chosen, read_snippets(list(fichiers or [])), project)
    except IntegrationError as exc:
        say(f"{chosen.name} : rien n’a été écrit.")
        for line in str(exc).splitlines():
            say(f"  {line}")
        raise typer.Exit(1) from None
    say(f"{chosen.name} branché dans {project.content.name}/{SETTINGS.path} :")
    for key, value in edit.values.items():
        if value is False:
            continue  # a display option left off: nothing to tell
        shown = yaml_scalar(value).strip('"')
        say(f"  {key} : {shown}")
    for note in notes:
        say(f"Remarque : {note}.")
    lines = ", ".join(str(n) for n in edit.changed)
    say(f"Lignes écrites : {lines} ; la mention « provisional » est enlevée.")
    say("Lancez « contenu check », puis proposez la modification.")
