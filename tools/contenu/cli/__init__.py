"""The ``contenu`` command. Every message is French and no traceback ever reaches the
coach: unexpected failures are caught here and reported in one French sentence."""

from __future__ import annotations

import datetime as dt
import functools
import gc
import os
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Annotated, ParamSpec, TypeVar

import typer

from contenu.cli.french import COACH_PANEL, TECHNICAL_PANEL, FrenchCommand, FrenchGroup
from contenu.cli.generated_files import GENERATED_STAMP, write_generated_files
from contenu.integrate.command import integrer
from contenu.models import COLLECTIONS, PAGES_FOLDER, SETTINGS_FILE
from contenu.pipeline import launch, writer
from contenu.pipeline.build import (
    PREVIEW_OUT,
    Builder,
    Outcome,
    Project,
    find_root,
)
from contenu.pipeline.emit import Options
from contenu.pipeline.result_cache import ResultCache
from contenu.report.diagnostics import Diagnostic
from contenu.report.output import errors_text, report, say, with_guarded_output
from contenu.text.plural import plural

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


def guarded(command: Callable[P, R]) -> Callable[P, R]:
    """Turn any unexpected exception into a French message and exit code 2."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        writer.stop_signals_raise()  # a stopped build cleans up after itself
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

    return with_guarded_output(wrapper)


#: Whether a one-shot command ran in this process (``main`` then ends it at once).
_one_shot_ran = False


def one_shot(command: Callable[P, R]) -> Callable[P, R]:
    """Python's cycle collector paused while a command that ends with its work (build, check)
    runs. Such a command keeps what it reads until it ends (every file's result: millions of
    objects at 4,000 articles), so each full pass of the collector walks all of it again for
    nothing: three passes found 40 cycles in a build after one changed article and took
    0.3–0.5 s of its 2.3 s (measured, docs/performance.md). `contenu dev` and `watch`, which
    live on, keep it running."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        global _one_shot_ran
        _one_shot_ran = True
        enabled = gc.isenabled()
        gc.disable()
        try:
            return command(*args, **kwargs)
        finally:
            if enabled:
                gc.enable()

    return wrapper


def _today(value: str | None) -> dt.date:
    if value is None:
        return dt.date.today()
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        say(f"Date invalide pour --today : « {value} » ; écrivez-la AAAA-MM-JJ.")
        raise typer.Exit(2) from None


def _project(content: Path | None, out: Path | None = None, *, preview: bool = False) -> Project:
    root = find_root(Path.cwd())
    return Project.at(root, content, out or (root / PREVIEW_OUT if preview else None))


ContentOption = Annotated[
    Path | None,
    typer.Option(
        "--content",
        metavar="DOSSIER",
        help="Dossier du contenu (par défaut : content/ à la racine du dépôt).",
    ),
]
TodayOption = Annotated[
    str | None,
    typer.Option(
        "--today",
        metavar="AAAA-MM-JJ",
        help="Date du jour pour les articles programmés (tests).",
    ),
]
# `contenu --help` lists the coaches' commands apart from the technical ones.
coach_command = functools.partial(app.command, cls=FrenchCommand, rich_help_panel=COACH_PANEL)
technical_command = functools.partial(
    app.command, cls=FrenchCommand, rich_help_panel=TECHNICAL_PANEL
)


def _print(
    outcome: Outcome,
    *,
    only: set[Path] | None = None,
    root: Path | None = None,
    env: dict[str, str] | None = None,
) -> None:
    """Print the problems (of the files ``only``, when given: the others are counted, and
    still count for the exit code)."""
    shown = list(outcome.diagnostics)
    hidden: list[Diagnostic] = []
    if only:
        names = {p.as_posix() for p in only}
        shown = []
        for diag in outcome.diagnostics:
            mine = any(diag.path.endswith(n) or n.endswith(diag.path) for n in names)
            (shown if mine else hidden).append(diag)
    errors = [d for d in hidden if d.is_error]
    if shown or not errors:
        # messages already typeset
        typer.echo(report(shown, outcome.files_checked, root=root, env=env))
    else:
        say("Aucun problème dans les fichiers demandés.")
    if errors:
        files = len({d.path for d in errors})
        where = "un autre fichier" if files == 1 else f"{files} autres fichiers"
        say(
            f"{errors_text(len(errors))} dans {where} : lancez « ./nox -s contenu -- check » "
            "sans chemin pour les voir."
        )


@coach_command("check")
@guarded
@one_shot
def check(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            metavar="CHEMINS",
            help="Dossier de contenu, ou fichiers dont afficher les problèmes "
            "(par défaut : tout content/) ; les erreurs des autres fichiers comptent aussi.",
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
        markers = (PAGES_FOLDER, Path(SETTINGS_FILE).parent)
        content = next((p for p in first.parents if any((p / m).is_dir() for m in markers)), None)
    project = _project(content)
    # Read-only: a check uses what the last build kept, and writes nothing anywhere (it
    # runs on pull requests; docs/performance.md).
    store = ResultCache.open(project.results, project.content, writable=False)
    builder = Builder(project.content, store=store)
    outcome = builder.analyse(_today(today))
    env = launch.apply_gate(outcome, builder.results, production=production)
    only = {
        Path(project.content.name) / f.relative_to(project.content)
        for f in files
        if f.is_relative_to(project.content)
    }
    _print(outcome, only=only or None, root=project.root, env=env)
    if production:
        say(launch.verdict(outcome))
    raise typer.Exit(0 if outcome.ok else 1)


@technical_command("build")
@guarded
@one_shot
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
            "--out",
            metavar="DOSSIER",
            help="Dossier de la construction (par défaut : site/generated/build/).",
        ),
    ] = None,
    today: TodayOption = None,
) -> None:
    """Vérifie le contenu puis écrit les données du site, les schémas et les types TypeScript."""
    project = _project(content, out)
    builder = Builder(project.content, store=ResultCache.open(project.results, project.content))
    outcome = builder.compile(
        Options(
            drafts=drafts,
            today=_today(today),
            site_url=os.environ.get("SITE_URL") or None,
            images_out=project.variants,
        )
    )
    # Even for content with errors (the next run re-reads those files only), and while the
    # build folder is written (writing a file does not hold the interpreter).
    with ThreadPoolExecutor(1) as saving:
        saving.submit(builder.save_results)
        if not outcome.ok:
            _print(outcome)
            say("Rien n’a été écrit : les données précédentes du site sont conservées.")
            raise typer.Exit(1)
        if outcome.diagnostics:
            _print(outcome)
        written = builder.write(outcome, project)
        stamp = project.results / GENERATED_STAMP
        written += len(write_generated_files(project.root, stamp))
    routes = len(outcome.outputs.routes) if outcome.outputs else 0
    mode = " (brouillons compris)" if drafts else ""
    say(
        f"Construction terminée{mode} : {plural(routes, 'page')}, "
        f"{plural(written, 'fichier écrit', 'fichiers écrits')} "
        f"dans {project.out}."
    )


@technical_command("schema")
@guarded
def schema() -> None:
    """Écrit les schémas JSON (schema/) et les types TypeScript du site, sans rien d’autre."""
    project = _project(None)
    written = len(write_generated_files(project.root))
    updated = plural(written, "fichier mis à jour", "fichiers mis à jour")
    say(f"Schémas et types à jour ({updated}).")


#: The kinds `contenu new` makes, in the order of ``catalogue/scaffold.py``'s KINDS (a test
#: compares them), named here so that no other command imports the scaffold and its examples.
KIND_NAMES = ("article", "page", *(c.kind for c in COLLECTIONS))


@coach_command("new")
@guarded
def new(
    kind: Annotated[
        str, typer.Argument(metavar="TYPE", help="Type : " + ", ".join(KIND_NAMES) + ".")
    ],
    title: Annotated[
        str,
        typer.Argument(
            metavar="TITRE", help="Titre (ou nom) du nouveau contenu, entre guillemets."
        ),
    ],
    content: ContentOption = None,
) -> None:
    """Crée un fichier valide à compléter, par exemple : `contenu new article "Mon titre"`."""
    from contenu.catalogue.scaffold import ScaffoldError, create

    project = _project(content)
    try:
        path = create(kind, title, project.content, dt.date.today())
    except ScaffoldError as exc:
        say(f"Impossible de créer le fichier : {exc}.")
        raise typer.Exit(2) from None
    say(f"Fichier créé : {path}")
    say("Complétez les passages marqués [À COMPLÉTER], puis lancez « ./nox -s contenu -- check ».")


PreviewOutOption = Annotated[
    Path | None,
    typer.Option(
        "--out",
        metavar="DOSSIER",
        help="Dossier de l’aperçu (par défaut : site/generated/preview/).",
    ),
]


@technical_command("watch")
@guarded
def watch(
    content: ContentOption = None,
    out: PreviewOutOption = None,
    drafts: Annotated[
        bool, typer.Option("--drafts/--no-drafts", help="Inclure les brouillons (oui par défaut).")
    ] = True,
) -> None:
    """Reconstruit les données à chaque modification du contenu (Ctrl-C pour arrêter)."""
    from contenu.preview.watch import watch_loop

    watch_loop(_project(content, out, preview=True), drafts=drafts)


@coach_command("dev")
@guarded
def dev(
    content: ContentOption = None,
    out: PreviewOutOption = None,
    verbose: Annotated[
        bool, typer.Option("--verbeux", help="Afficher aussi les messages du serveur Vite.")
    ] = False,
    no_browser: Annotated[
        bool, typer.Option("--sans-navigateur", help="Ne pas ouvrir le navigateur.")
    ] = False,
) -> None:
    """Ouvre l’aperçu du site (brouillons compris), mis à jour à chaque enregistrement."""
    from contenu.preview.watch import run_dev

    project = _project(content, out, preview=True)
    write_generated_files(project.root)  # before the dev server reads them
    raise typer.Exit(run_dev(project, verbose=verbose, open_browser=not no_browser))


@technical_command("catalogue")
@guarded
def catalogue() -> None:
    """Écrit le catalogue des fichiers et des cellules (docs/guide/) et frontmatter.json."""
    from contenu.catalogue.editor import FRONTMATTER_CONFIG_PATH, write_frontmatter_config
    from contenu.catalogue.guide import CATALOGUE_PATH, write_catalogue

    root = find_root(Path.cwd())
    say(f"Catalogue à jour : {write_catalogue(root / CATALOGUE_PATH)}")
    config = write_frontmatter_config(root / FRONTMATTER_CONFIG_PATH)
    say(f"Configuration Front Matter à jour : {config}")


@technical_command("changements")
@guarded
def changements(
    base: Annotated[
        str,
        typer.Option(
            "--base",
            help="Version de comparaison (branche ou identifiant de commit), "
            "par exemple « main » ou la base de la demande de fusion.",
        ),
    ],
    today: TodayOption = None,
) -> None:
    """Résume les pages et articles ajoutés, modifiés ou supprimés, puis vérifie le contenu."""
    from contenu.changes.summary import summarize, write_step_summary

    summary = summarize(find_root(Path.cwd()), base, _today(today))
    text = summary.markdown()
    typer.echo(text)
    write_step_summary(text)
    raise typer.Exit(0 if summary.ok else 1)


# `contenu integrer` lives in contenu/integrate/ (provider snippets → settings).
coach_command("integrer")(guarded(integrer))


def main() -> None:
    """The ``contenu`` program (pyproject.toml's script). After a one-shot command (build,
    check) the process ends at once, without Python's teardown, which freed one by one every
    object the command kept: 0.13–0.2 s after a build at 4,000 articles (measured). By then
    every file is closed (the commands use ``with``) and the output is flushed here; nothing
    registers an exit handler. Tests call ``app`` itself, which returns."""
    try:
        app(prog_name="contenu")
    except SystemExit as done:
        if not _one_shot_ran or not (done.code is None or isinstance(done.code, int)):
            raise
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(done.code or 0)
