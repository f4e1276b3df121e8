"""French for the words Typer's bundled Click prints itself in help pages (headings, the
``--help`` option) and, where Typer looks them up through ``gettext``, in usage errors."""

from __future__ import annotations

from typing import Any

from typer import core

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


class FrenchGroup(core.TyperGroup):
    def format_help(self, ctx: Any, formatter: Any) -> None:
        super().format_help(ctx, formatter)
        formatter.buffer[:] = [_translate(part) for part in formatter.buffer]


def speak_french() -> None:
    if hasattr(core, "_"):
        setattr(core, "_", lambda message: GETTEXT.get(message, message))  # noqa: B010
