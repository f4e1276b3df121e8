"""French for what Typer's bundled Click prints itself: the words of help pages (headings,
the ``--help`` option), and usage errors (missing argument, unknown command or option…),
which Click writes as English f-strings: ``FrenchGroup.main`` catches them and prints the
French text instead, with the same exit code (2)."""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from typer import core
from typer._click.exceptions import ClickException, NoSuchOption, UsageError
from typer.exceptions import Abort

from contenu.typography import french_typography

HELP_WORDS: dict[str, str] = {
    "Usage: ": "Utilisation : ",
    "Options:": "Options :",
    "Arguments:": "Arguments :",
    "Commands:": "Commandes :",
    "Show this message and exit.": "Affiche cette aide et quitte.",
}
GETTEXT: dict[str, str] = {
    "No such command {name!r}.": "Commande inconnue : {name!r}.",
    "Missing argument": "Argument manquant",
    "Missing option": "Option manquante",
}


def _translate(text: str) -> str:
    for english, french in HELP_WORDS.items():
        text = text.replace(english, french)
    return text


class FrenchCommand(core.TyperCommand):
    def format_help(self, ctx: Any, formatter: Any) -> None:
        super().format_help(ctx, formatter)
        formatter.buffer[:] = [_translate(part) for part in formatter.buffer]


#: Click's English usage-error messages → French (``\\1``… are the quoted names).
USAGE_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), french)
    for pattern, french in (
        (r"^Missing argument '(.+)'\.$", "argument manquant : « \\1 »"),
        (r"^Missing option '(.+)'\.$", "option manquante : « \\1 »"),
        (r"^Missing parameter: (.+)$", "paramètre manquant : « \\1 »"),
        (r"^No such option: (\S+)$", "option inconnue : « \\1 »"),
        (r"^Got unexpected extra arguments? \((.+)\)$", "argument en trop : « \\1 »"),
        (r"^Option '(.+)' requires an argument\.$", "l’option « \\1 » attend une valeur"),
        (r"^Option '(.+)' does not take a value\.$", "l’option « \\1 » ne prend pas de valeur"),
        (r"^Invalid value for (.+?): (.+)$", "valeur invalide pour \\1 : \\2"),
        (r"^Commande inconnue : '(.+)'\.$", "commande inconnue : « \\1 »"),
    )
)


def french_error(exc: ClickException) -> str:
    """The French message of a Click error (its English text when no pattern knows it)."""
    if isinstance(exc, NoSuchOption):
        message = f"option inconnue : « {exc.option_name} »"
        if exc.possibilities:
            guesses = ", ".join(f"« {p} »" for p in sorted(exc.possibilities))
            message += f" ; vouliez-vous dire {guesses} ?"
        return message
    text = exc.format_message()
    for pattern, french in USAGE_ERRORS:
        if pattern.match(text):
            return pattern.sub(french, text)
    return text


def french_usage(exc: ClickException) -> str:
    """What the terminal shows for a usage error: the usage line, where to find help, the
    error — in French, with French typography."""
    lines = []
    ctx = exc.ctx if isinstance(exc, UsageError) else None
    if ctx is not None:
        lines.append(_translate(ctx.get_usage()))
        lines.append(f"Aide : {ctx.command_path} --help")
        lines.append("")
    lines.append(f"Erreur : {french_error(exc)}")
    return french_typography("\n".join(lines))


def _exit(code: int) -> NoReturn:
    sys.exit(code)


class FrenchGroup(core.TyperGroup):
    def format_help(self, ctx: Any, formatter: Any) -> None:
        super().format_help(ctx, formatter)
        formatter.buffer[:] = [_translate(part) for part in formatter.buffer]

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(
                args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except ClickException as exc:
            typer.echo(french_usage(exc), err=True)
            _exit(exc.exit_code)
        except Abort:
            typer.echo("Interrompu.", err=True)
            _exit(1)
        _exit(code if isinstance(code, int) else 0)


def speak_french() -> None:
    if hasattr(core, "_"):
        setattr(core, "_", lambda message: GETTEXT.get(message, message))  # noqa: B010
