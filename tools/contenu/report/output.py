"""How diagnostics are shown: in a terminal, as GitHub annotations on a pull request's diff,
and as the French Markdown summary of a GitHub Actions job.

All three carry text from the pull request (file names, keys, values quoted in messages), so
each format escapes it for where it goes: no control character reaches a terminal, no line
of output can be read by GitHub's runner as a workflow command, and no file name or message
adds Markdown or HTML to the job summary.

In CI only one step reports to GitHub (annotations and summary): the one that sets
``CONTENU_CI_REPORT=on`` (the content job of ``ci.yml``). Every other run, builds included,
prints for a terminal only, so one mistake gives one annotation.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import re
import subprocess
import sys
import unicodedata
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from pathlib import Path
from typing import ParamSpec, TextIO, TypeVar, cast

from contenu.report.diagnostics import Diagnostic
from contenu.report.labels import field_label
from contenu.text.plural import agree, plural
from contenu.text.typography import NBSP, french_typography

P = ParamSpec("P")
R = TypeVar("R")

#: "on" in the one CI step whose problems become annotations and the job summary.
CI_REPORT = "CONTENU_CI_REPORT"
#: Commit the change is compared with; warnings are annotated only in the files it touches
#: (the others, such as the « [À COMPLÉTER] » of the legal notice, are in the summary only).
CI_BASE = "CONTENU_CI_BASE"
#: GitHub keeps 1 MiB of summary per step; beyond this many rows the table says how many more.
MAX_SUMMARY_ROWS = 200

# --- Escaping -----------------------------------------------------------------------------

_INVISIBLE = frozenset({"Cc", "Cf", "Zl", "Zp"})
_NAMED = {"\n": "\\n", "\r": "\\r"}
_MARKDOWN_SPECIAL = re.compile(r"([!-/:-@\[-`{-~])")  # every ASCII punctuation character
# What the runner or its log viewer may take for the end of a line (besides "\n").
_LINE_BREAKING = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
ZWSP = "\u200b"


def _escape_char(char: str) -> str:
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control, format or line-separator character written as an escape
    (``\\n``, ``\\x1b``, ``\\u202e``): a file name cannot clear a terminal, reorder what is
    shown around it or start a new line. Tabs stay (YAML source lines may hold one)."""
    return "".join(
        char
        if char == "\t"
        or (keep_newlines and char == "\n")
        or unicodedata.category(char) not in _INVISIBLE
        else _escape_char(char)
        for char in text
    )


def disarm(text: str) -> str:
    """Text that GitHub's runner prints and never executes.

    The runner reads ``::command …::data`` at the start of a line (after spaces) and the
    older ``##[command]data`` anywhere in a line, on stdout and stderr alike. A zero-width
    space between the two colons or the two hashes leaves the text readable and inert."""
    text = _LINE_BREAKING.sub(lambda m: _escape_char(m.group()), text)
    text = re.sub(r":(?=:)", ":" + ZWSP, text)
    return text.replace("##[", "#" + ZWSP + "#[")


def _runner_escape(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _command_data(text: str) -> str:
    """The message of an annotation: nothing invisible, its own lines kept."""
    return _runner_escape(visible(text, keep_newlines=True))


def _command_property(text: str) -> str:
    """A file name or title: one visible line, without the separators of properties."""
    return _runner_escape(visible(text)).replace(":", "%3A").replace(",", "%2C")


def md_text(text: str) -> str:
    """Literal text inside Markdown (a table cell, a paragraph): every ASCII punctuation
    character is backslash-escaped, so nothing becomes a link, an image, HTML, emphasis or
    a new table column, and a newline is shown as ``\\n``."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", visible(text))


# --- Terminal -------------------------------------------------------------------------------


def format_terminal(diag: Diagnostic) -> str:
    """``chemin:ligne:colonne: Champ › Sous-champ : message`` plus the source line, as a
    compiler would (``chemin: message`` for a problem of the whole file, which has no line).
    The field is named by its French label and place, never by its key."""
    where = visible(diag.path) + (f":{diag.line}:{diag.column}:" if diag.has_line else ":")
    label = "" if diag.is_error else f"avertissement{NBSP}: "
    message = visible(diag.message, keep_newlines=True)
    field = visible(field_label(diag.field))
    head = f"{where} {field}{NBSP}: {label}{message}" if field else f"{where} {label}{message}"
    if not diag.source:
        return head
    gutter = f"{diag.line:>5} | "
    caret = " " * (len(gutter) + max(diag.column - 1, 0)) + "^"
    return f"{head}\n{gutter}{visible(diag.source.rstrip())}\n{caret}"


def console_text(text: str, env: Mapping[str, str] | None = None) -> str:
    """A message of the command as printed: control characters escaped (newlines kept) and,
    on GitHub Actions, disarmed."""
    env = os.environ if env is None else env
    text = visible(text, keep_newlines=True)
    return disarm(text) if _on_github(env) else text


# --- GitHub annotations ---------------------------------------------------------------------

#: Every annotation line this process wrote: the only lines ``guard_output`` lets through.
_ANNOTATIONS: set[str] = set()


def say(text: str) -> None:
    """Print a French message of a command, with French typography (and nothing a file
    name could smuggle in)."""
    print(console_text(french_typography(text)), flush=True)


def checked(files: int) -> str:
    """« 1 fichier vérifié », « 12 fichiers vérifiés »."""
    return plural(files, "fichier vérifié", "fichiers vérifiés")


def annotation_title(diag: Diagnostic) -> str:
    """A French label of the field (« Carte → bouton 1 → lien »), never a raw path."""
    return field_label(diag.field) or ("Erreur de contenu" if diag.is_error else "Avertissement")


def format_github(diag: Diagnostic) -> str:
    """A workflow command that GitHub shows on the pull request's diff, under the line."""
    command = "error" if diag.is_error else "warning"
    props = [f"file={_command_property(diag.path)}"]
    if diag.has_line:
        props += [f"line={diag.line}", f"col={max(diag.column, 1)}"]
    props.append(f"title={_command_property(annotation_title(diag))}")
    line = f"::{command} {','.join(props)}::{_command_data(diag.message)}"
    _ANNOTATIONS.add(line)
    return line


class _GuardedStream(io.TextIOBase):
    """A text stream that disarms every line written to it except this process's own
    annotations. Partial lines wait for their end, so no command can be assembled from
    two writes."""

    def __init__(self, target: TextIO) -> None:
        super().__init__()
        self._target = target
        self._pending = ""

    # click writes to a text stream as is when it names its encoding and errors.
    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self._target, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self._target, "errors", None)

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self._target.isatty()

    def write(self, text: str) -> int:
        self._pending += text
        *lines, self._pending = self._pending.split("\n")
        for line in lines:
            self._target.write((line if line in _ANNOTATIONS else disarm(line)) + "\n")
        return len(text)

    def flush(self) -> None:
        self._target.flush()

    def close_line(self) -> None:
        if self._pending:
            self._target.write(disarm(self._pending))
            self._pending = ""
        self._target.flush()


@contextlib.contextmanager
def guard_output(env: Mapping[str, str] | None = None) -> Iterator[None]:
    """On GitHub Actions, whatever a command prints (stdout and stderr) goes through
    ``disarm``, except the annotations ``format_github`` made."""
    if not _on_github(os.environ if env is None else env):
        yield
        return
    saved = sys.stdout, sys.stderr
    guards = _GuardedStream(saved[0]), _GuardedStream(saved[1])
    sys.stdout, sys.stderr = cast(TextIO, guards[0]), cast(TextIO, guards[1])
    try:
        yield
    finally:
        for guard in guards:
            guard.close_line()
        sys.stdout, sys.stderr = saved


def with_guarded_output(command: Callable[P, R]) -> Callable[P, R]:
    """``command`` run inside ``guard_output``: the CLI wraps every command with it."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with guard_output():
            return command(*args, **kwargs)

    return wrapper


# --- Job summary ----------------------------------------------------------------------------


def errors_text(count: int) -> str:
    return plural(count, "erreur")


def counts_text(diagnostics: Sequence[Diagnostic]) -> str:
    errors = sum(d.is_error for d in diagnostics)
    warnings = len(diagnostics) - errors
    parts = [errors_text(errors)]
    parts.append(plural(warnings, "avertissement"))
    return " et ".join(parts)


def _table(diagnostics: Sequence[Diagnostic]) -> list[str]:
    rows = ["| Fichier | Ligne | Champ | Problème |", "|---|---|---|---|"]
    for d in diagnostics[:MAX_SUMMARY_ROWS]:
        line = str(d.line) if d.has_line else "—"
        field = md_text(field_label(d.field)) or "—"
        rows.append(f"| <code>{md_text(d.path)}</code> | {line} | {field} | {md_text(d.message)} |")
    if len(diagnostics) > MAX_SUMMARY_ROWS:
        more = len(diagnostics) - MAX_SUMMARY_ROWS
        rows.append(f"| … | | | et {more} autres{NBSP}: voir le journal de la vérification |")
    return rows


HOW_TO_FIX = french_typography(
    "**Pour corriger :** dans la pull request, ouvrez l’onglet « Files changed » : chaque "
    "erreur y est affichée sous sa ligne. Cliquez sur les trois points « … » en haut du "
    "fichier, puis « Edit file », corrigez, puis cliquez sur « Commit changes… » pour "
    "enregistrer (valider les modifications) sur la même branche. Les vérifications "
    "repartent toutes seules."
)
PREVIEW = french_typography(
    "Pour regarder les pages sans rien installer : la vérification « Tests dans le "
    "navigateur » fournit une capture de chaque page (artefact « apercu-des-pages », lien "
    "dans son résumé)."
)


def markdown_summary(diagnostics: Sequence[Diagnostic], files_checked: int) -> str:
    """French summary for ``$GITHUB_STEP_SUMMARY``: the errors to fix with how to fix them
    in GitHub's web editor, then the warnings, folded (they do not block publication)."""
    errors = [d for d in diagnostics if d.is_error]
    warnings = [d for d in diagnostics if not d.is_error]
    lines = ["## Vérification du contenu", ""]
    if errors:
        lines.append(f"❌ {counts_text(diagnostics)} dans {checked(files_checked)}.")
        lines += ["", *_table(errors), "", HOW_TO_FIX]
    else:
        lines.append(f"✅ Le contenu est valide{NBSP}: {checked(files_checked)}.")
        lines += ["", PREVIEW]
    if warnings:
        count = len(warnings)
        title = (
            f"⚠️ {plural(count, 'avertissement')} "
            f"(ne {agree(count, 'bloque', 'bloquent')} pas la publication)"
        )
        lines += [
            "",
            "<details>",
            f"<summary>{title}</summary>",
            "",
            *_table(warnings),
            "",
            "</details>",
        ]
    return "\n".join(lines) + "\n"


# --- Everything for one run -------------------------------------------------------------------


def _on_github(env: Mapping[str, str]) -> bool:
    return env.get("GITHUB_ACTIONS") == "true"


def changed_files(root: Path, base: str) -> frozenset[str] | None:
    """Paths (relative to ``root``) of the files changed since ``base``'s merge base with
    HEAD, or None when git cannot tell (unknown or null base, shallow clone)."""
    if not base or base.startswith("-") or not base.strip("0"):
        return None
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "diff", "--name-only", "-z", "--no-renames",
             f"{base}...HEAD", "--"],
            capture_output=True, check=False, timeout=60,
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    return frozenset(p for p in done.stdout.decode("utf-8", "replace").split("\0") if p)


def report(
    diagnostics: Sequence[Diagnostic],
    files_checked: int,
    *,
    env: Mapping[str, str] | None = None,
    root: Path | None = None,
    changed: Collection[str] | None = None,
) -> str:
    """Everything to print for a run. When ``CONTENU_CI_REPORT=on``, also annotates the diff
    (every error; warnings only in the files the change touches) and writes the summary."""
    env = os.environ if env is None else env
    ordered = sorted(diagnostics, key=lambda d: (d.path, d.line, d.column, d.field, d.message))
    blocks = [format_terminal(d) for d in ordered]
    if ordered:
        blocks.append(f"{counts_text(ordered)} ({checked(files_checked)}).")
    else:
        blocks.append(f"Tout est en ordre : {checked(files_checked)}.")
    github = _on_github(env)
    if github:
        blocks = [disarm(block) for block in blocks]
    if env.get(CI_REPORT) != "on":
        return "\n".join(blocks)
    if github:
        if changed is None and env.get(CI_BASE):
            changed = changed_files(root or Path.cwd(), env[CI_BASE])
        touched = frozenset(changed or ())
        annotated = [d for d in ordered if d.is_error or d.path in touched]
        blocks[-1:-1] = [format_github(d) for d in annotated]
    if summary_path := env.get("GITHUB_STEP_SUMMARY"):
        try:
            with Path(summary_path).open("a", encoding="utf-8") as handle:
                handle.write(markdown_summary(ordered, files_checked))
        except OSError:
            blocks.append("(impossible d’écrire le résumé GITHUB_STEP_SUMMARY)")
    return "\n".join(blocks)
