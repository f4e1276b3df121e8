"""The ``contenu`` command. Every message is French and no traceback ever reaches the
coach: unexpected failures are caught here and reported in one French sentence."""

from __future__ import annotations

import datetime as dt
import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, ParamSpec, TypeVar

import typer

from contenu import launch
from contenu.cli_french import FrenchCommand, FrenchGroup, speak_french
from contenu.diagnostics import report
from contenu.pipeline.emit import Options
from contenu.pipeline.runner import Builder, Outcome, Project, find_root, write_generated
from contenu.scaffold import KINDS, ScaffoldError, create
from contenu.typography import french_typography

speak_french()

app = typer.Typer(
    cls=FrenchGroup,
    help="Vérifie le contenu du site (dossier content/) et le transforme en données pour le site.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

P = ParamSpec("P")
R = TypeVar("R")


def say(text: str) -> None:
    """Print a French message of the command, with French typography."""
    typer.echo(french_typography(text))


def guarded(command: Callable[P, R]) -> Callable[P, R]:
    """Turn any unexpected exception into a French message and exit code 2."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            say("Arrêt demandé.")
            raise typer.Exit(130) from None
        except OSError as exc:
            say(f"Erreur d’accès à un fichier : {exc.strerror or exc} ({exc.filename or ''}).")
            raise typer.Exit(2) from None
        except Exception as exc:
            say(
                f"Erreur interne de contenu ({type(exc).__name__} : {exc}). "
                "Signalez-la à l’équipe technique."
            )
            raise typer.Exit(2) from None

    return wrapper


def _today(value: str | None) -> dt.date:
    if value is None:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        say(f"Date invalide pour --today : « {value} » ; écrivez-la AAAA-MM-JJ.")
        raise typer.Exit(2) from None


def _project(content: Path | None, out: Path | None = None) -> Project:
    root = find_root(Path.cwd())
    return Project.at(root, content, out)


ContentOption = Annotated[
    Path | None,
    typer.Option(
        "--content", help="Dossier du contenu (par défaut : content/ à la racine du dépôt)."
    ),
]
TodayOption = Annotated[
    str | None,
    typer.Option("--today", help="Date du jour AAAA-MM-JJ pour les articles programmés (tests)."),
]


def _print(
    outcome: Outcome, *, only: set[Path] | None = None, env: dict[str, str] | None = None
) -> None:
    diagnostics = outcome.diagnostics
    if only:
        names = {p.as_posix() for p in only}
        diagnostics = [
            d for d in diagnostics if any(d.path.endswith(n) or n.endswith(d.path) for n in names)
        ]
        outcome.diagnostics = diagnostics
    typer.echo(report(diagnostics, outcome.files_checked, env=env))  # messages already typeset


@app.command("check", cls=FrenchCommand)
@guarded
def check(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Dossier de contenu, ou fichiers dont afficher les problèmes "
            "(par défaut : tout content/)."
        ),
    ] = None,
    today: TodayOption = None,
    production: Annotated[
        bool,
        typer.Option(
            "--production",
            help="Contrôle avant la mise en ligne : chaque valeur provisoire (« [À COMPLÉTER] », "
            "identifiant provisoire, image provisoire) devient une erreur.",
        ),
    ] = False,
) -> None:
    """Vérifie tout le contenu et affiche tous les problèmes (sortie 1 s’il y a une erreur)."""
    content: Path | None = None
    files: set[Path] = set()
    for path in paths or []:
        if not path.exists():
            say(f"Chemin introuvable : {path}")
            raise typer.Exit(2)
        if path.is_dir():
            content = path
        else:
            files.add(path.resolve())
    if files and content is None:
        first = next(iter(files))
        content = next(
            (p for p in first.parents if (p / "pages").is_dir() or (p / "reglages").is_dir()), None
        )
    project = _project(content)
    builder = Builder(project.content)
    outcome = builder.analyse(_today(today))
    env = launch.apply_gate(outcome, builder.results, production=production)
    only = {
        Path(project.content.name) / f.relative_to(project.content)
        for f in files
        if f.is_relative_to(project.content)
    }
    _print(outcome, only=only or None, env=env)
    if production:
        say(launch.verdict(outcome))
    raise typer.Exit(0 if outcome.ok else 1)


@app.command("build", cls=FrenchCommand)
@guarded
def build(
    drafts: Annotated[
        bool,
        typer.Option(
            "--drafts", help="Inclure les brouillons et les articles programmés (prévisualisation)."
        ),
    ] = False,
    content: ContentOption = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Dossier des données produites (par défaut : site/src/bundles/)."
        ),
    ] = None,
    today: TodayOption = None,
) -> None:
    """Vérifie le contenu puis écrit les données du site, les schémas et les types TypeScript."""
    project = _project(content, out)
    builder = Builder(project.content)
    outcome = builder.compile(
        Options(
            drafts=drafts,
            today=_today(today),
            site_url=os.environ.get("SITE_URL") or None,
            images_out=project.variants,
        )
    )
    if not outcome.ok:
        _print(outcome)
        say("Rien n’a été écrit : les données précédentes du site sont conservées.")
        raise typer.Exit(1)
    if outcome.diagnostics:
        _print(outcome)
    written = builder.write(outcome, project)
    written += write_generated(project)
    routes = sum(1 for k in outcome.bundles or {} if k.startswith("routes/"))
    mode = " (brouillons compris)" if drafts else ""
    say(
        f"Construction terminée{mode} : {routes} pages, {written} fichiers mis à jour "
        f"dans {project.bundles}."
    )


@app.command("schema", cls=FrenchCommand)
@guarded
def schema() -> None:
    """Écrit les schémas JSON (schema/) et les types TypeScript du site, sans rien d’autre."""
    project = _project(None)
    written = write_generated(project)
    say(f"Schémas et types à jour ({written} fichiers mis à jour).")


@app.command("new", cls=FrenchCommand)
@guarded
def new(
    kind: Annotated[str, typer.Argument(help="Type : " + ", ".join(KINDS) + ".")],
    title: Annotated[
        str, typer.Argument(help="Titre (ou nom) du nouveau contenu, entre guillemets.")
    ],
    content: ContentOption = None,
) -> None:
    """Crée un fichier valide à compléter, par exemple : contenu new article "Mon titre"."""
    project = _project(content)
    try:
        path = create(kind, title, project.content, dt.date.today())
    except ScaffoldError as exc:
        say(f"Impossible de créer le fichier : {exc}.")
        raise typer.Exit(2) from None
    say(f"Fichier créé : {path}")
    say("Complétez les passages marqués [À COMPLÉTER], puis lancez « contenu check ».")


@app.command("watch", cls=FrenchCommand)
@guarded
def watch(
    content: ContentOption = None,
    drafts: Annotated[
        bool, typer.Option("--drafts/--no-drafts", help="Inclure les brouillons (oui par défaut).")
    ] = True,
) -> None:
    """Reconstruit les données à chaque modification du contenu (Ctrl-C pour arrêter)."""
    from contenu.watch import watch_loop

    watch_loop(_project(content), drafts=drafts)


@app.command("dev", cls=FrenchCommand)
@guarded
def dev(content: ContentOption = None) -> None:
    """Construit (brouillons compris), lance le site en développement et surveille le contenu."""
    from contenu.watch import run_dev

    raise typer.Exit(run_dev(_project(content)))


@app.command("catalogue", cls=FrenchCommand)
@guarded
def catalogue() -> None:
    """Écrit le catalogue des fichiers et des blocs (docs/guide/) et frontmatter.json."""
    from contenu.catalogue import (
        CATALOGUE_PATH,
        FRONTMATTER_CONFIG_PATH,
        write_catalogue,
        write_frontmatter_config,
    )

    root = find_root(Path.cwd())
    say(f"Catalogue à jour : {write_catalogue(root / CATALOGUE_PATH)}")
    config = write_frontmatter_config(root / FRONTMATTER_CONFIG_PATH)
    say(f"Configuration Front Matter à jour : {config}")


def _register_changes() -> None:
    """`contenu changements` lives in contenu/changes.py (written with the publishing flow)."""
    from contenu.changes import changes

    app.command("changements", cls=FrenchCommand)(guarded(changes))


_register_changes()


def _register_integrate() -> None:
    """`contenu integrer` lives in contenu/integrate.py (provider snippets → settings)."""
    from contenu.integrate import integrer

    app.command("integrer", cls=FrenchCommand)(guarded(integrer))


_register_integrate()


def main() -> None:  # pragma: no cover - console entry point alternative
    sys.exit(app())
