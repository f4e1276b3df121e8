"""French for what Typer writes itself: help pages and usage errors.

Help pages are written here in full, from the commands' public attributes (name, help,
parameters with their metavar), instead of translating Typer's English page after the fact:
no type name (``<list[Path]>``), ``[required]`` or ``Usage:`` can slip through, descriptions
are never cut, and the coaches' commands are listed apart from the technical ones (by their
``rich_help_panel``). Usage errors (missing argument, unknown command or option…) are raised
by the Click that Typer bundles, with English text: ``FrenchGroup.main`` catches them and
prints the French instead, with the same exit code (2).

Only Typer's public API is used: ``typer.core.TyperGroup`` and ``TyperCommand`` subclasses,
the formatter they are handed, ``Context.fail``. Click's exception classes are private since
Typer vendors Click (0.26): a usage error is recognised by its interface (``exit_code``,
``format_message``), never imported.
"""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

import typer
from typer import core

from contenu.report.diagnostics import did_you_mean, typeset
from contenu.text.typography import french_typography

#: Help headings of the two groups of commands (``rich_help_panel`` of each command).
COACH_PANEL = "Commandes pour les coachs"
TECHNICAL_PANEL = "Commandes pour l’équipe technique"
HELP_OPTION = "Affiche cette aide et quitte."


# --- Help pages ----------------------------------------------------------------------------


def _is_option(param: Any) -> bool:
    return any(str(opt).startswith("-") for opt in getattr(param, "opts", ()))


def _visible(params: Iterable[Any]) -> list[Any]:
    return [p for p in params if not getattr(p, "hidden", False)]


def _argument_usage(param: Any) -> str:
    name = param.metavar or str(param.name).upper()
    many = "..." if param.nargs != 1 else ""
    return f"{name}{many}" if param.required else f"[{name}]{many}"


def usage_line(ctx: Any) -> str:
    """« Utilisation : contenu check [options] [CHEMINS]... »"""
    command = ctx.command
    params = _visible(command.get_params(ctx))
    pieces = [ctx.command_path]
    if any(_is_option(p) for p in params):
        pieces.append("[options]")
    pieces += [_argument_usage(p) for p in params if not _is_option(p)]
    if isinstance(command, core.TyperGroup):
        pieces.append("COMMANDE [ARGUMENTS]...")
    return "Utilisation : " + " ".join(pieces)


def _option_name(param: Any) -> str:
    names = ", ".join([*param.opts, *getattr(param, "secondary_opts", [])])
    if getattr(param, "is_flag", False):
        return names.replace(", ", " / ") if param.secondary_opts else names
    return f"{names} {param.metavar or 'VALEUR'}"


def _param_help(param: Any) -> str:
    if param.opts == ["--help"]:
        return HELP_OPTION
    text = getattr(param, "help", None) or ""
    if param.required:
        text += " (obligatoire)"
    return text.strip()


def _first_paragraph(text: str | None) -> str:
    return inspect.cleandoc(text or "").split("\n\n")[0].replace("\n", " ")


def _section(formatter: Any, heading: str, rows: list[tuple[str, str]]) -> None:
    if not rows:
        return
    formatter.write_paragraph()
    formatter.write(french_typography(f"{heading} :") + "\n")
    with formatter.indentation():
        formatter.write_dl([(name, typeset(text)) for name, text in rows])


def _write_head(ctx: Any, formatter: Any, command: Any) -> None:
    formatter.write(french_typography(usage_line(ctx)) + "\n")
    if command.help:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(typeset(inspect.cleandoc(command.help)))


def _write_params(ctx: Any, formatter: Any, command: Any) -> None:
    params = _visible(command.get_params(ctx))
    arguments = [p for p in params if not _is_option(p)]
    rows = [(_argument_usage(p), _param_help(p)) for p in arguments]
    _section(formatter, "Arguments", rows)
    options = [p for p in params if _is_option(p)]
    _section(formatter, "Options", [(_option_name(p), _param_help(p)) for p in options])


class FrenchCommand(core.TyperCommand):
    def format_help(self, ctx: Any, formatter: Any) -> None:
        _write_head(ctx, formatter, self)
        _write_params(ctx, formatter, self)


class FrenchGroup(core.TyperGroup):
    def format_help(self, ctx: Any, formatter: Any) -> None:
        _write_head(ctx, formatter, self)
        _write_params(ctx, formatter, self)
        panels: dict[str, list[tuple[str, str]]] = {COACH_PANEL: [], TECHNICAL_PANEL: []}
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is None or command.hidden:
                continue
            panel = getattr(command, "rich_help_panel", None) or TECHNICAL_PANEL
            help_text = command.short_help or _first_paragraph(command.help)
            panels.setdefault(panel, []).append((name, help_text))
        for heading, rows in panels.items():
            _section(formatter, heading, rows)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            typer.echo(ctx.get_help())
            ctx.exit(0)
        parsed: list[str] = super().parse_args(ctx, args)
        return parsed

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            ctx.fail(f"commande inconnue : « {name} »{did_you_mean(name, self.commands)}")
        return super().resolve_command(ctx, args)

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
        except typer.Abort:
            typer.echo("Interrompu.", err=True)
            _exit(1)
        except Exception as exc:
            if not is_usage_error(exc):
                raise
            typer.echo(french_usage(exc), err=True)
            _exit(getattr(exc, "exit_code", 2))
        _exit(code if isinstance(code, int) else 0)


# --- Usage errors --------------------------------------------------------------------------


def is_usage_error(exc: BaseException) -> bool:
    """A Click error meant for the user (its classes are private to Typer)."""
    return isinstance(getattr(exc, "exit_code", None), int) and callable(
        getattr(exc, "format_message", None)
    )


#: Click's English usage-error messages → French (``\\1``… are the quoted names). French
#: messages raised here with ``ctx.fail`` are listed too, as they are.
USAGE_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), french)
    for pattern, french in (
        (r"^Missing argument '(.+)'\.?$", "argument manquant : « \\1 »"),
        (r"^Missing option '(.+)'\.?$", "option manquante : « \\1 »"),
        (r"^Missing parameter: (.+)$", "paramètre manquant : « \\1 »"),
        (r"^Missing command\.?$", "commande manquante"),
        (r"^No such option: (\S+)$", "option inconnue : « \\1 »"),
        (r"^Got unexpected extra arguments?(?:\(s\))? \((.+)\)$", "en trop : « \\1 »"),
        (r"^Option '(.+)' requires an argument\.$", "l’option « \\1 » attend une valeur"),
        (r"^Option '(.+)' requires (\d+) arguments\.$", "l’option « \\1 » attend \\2 valeurs"),
        (r"^Option '(.+)' does not take a value\.$", "l’option « \\1 » ne prend pas de valeur"),
        (r"^Invalid value for ([^\n]+?): (?s:.+)$", "valeur invalide pour \\1"),
        (r"^Invalid value: .+$", "valeur invalide"),
        (r"^(commande inconnue : .+)$", "\\1"),
    )
)
UNKNOWN_USAGE_ERROR = "la commande est mal écrite ; l’aide (--help) montre comment l’écrire"


def french_error(exc: BaseException) -> str:
    """The French message of a Click usage error (a generic French sentence when no pattern
    knows it: Click's English never reaches the coach)."""
    option = getattr(exc, "option_name", None)
    possibilities = getattr(exc, "possibilities", None)
    if option and possibilities is not None:  # an unknown option
        message = f"option inconnue : « {option} »"
        if possibilities:
            guesses = ", ".join(f"« {p} »" for p in sorted(possibilities))
            message += f" ; vouliez-vous dire {guesses} ?"
        return message
    text = str(getattr(exc, "format_message", lambda: "")())
    for pattern, french in USAGE_ERRORS:
        if pattern.match(text):
            return pattern.sub(french, text)
    return UNKNOWN_USAGE_ERROR


def french_usage(exc: BaseException) -> str:
    """What the terminal shows for a usage error: the usage line, where to find help, the
    error — in French, with French typography."""
    lines = []
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        lines.append(usage_line(ctx))
        lines.append(f"Aide : {ctx.command_path} --help")
        lines.append("")
    lines.append(f"Erreur : {french_error(exc)}")
    return french_typography("\n".join(lines))


def _exit(code: int) -> NoReturn:
    sys.exit(code)
