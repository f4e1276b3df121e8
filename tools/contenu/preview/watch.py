"""``contenu watch`` and ``contenu dev``: the live preview.

Every save rebuilds incrementally into the preview folder (``site/generated/preview``, never
the folder ``contenu build`` publishes), then rewrites ``live.json``, which the preview server
turns into an in-place refresh of the open page. An invalid edit keeps the previous data and
shows the French diagnostics in the terminal and over the page. Nothing here lets an
exception end the loop. The terminal stays quiet: one French line with the address, each
warning once, one line per save; Vite's own messages only with ``--verbeux``.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import webbrowser
from collections.abc import Collection, Sequence
from pathlib import Path

import typer
import watchfiles

from contenu.pipeline.build import Builder, Outcome, Project
from contenu.pipeline.emit import SITE_FILE, Options
from contenu.report.diagnostics import Diagnostic
from contenu.report.output import report, say
from contenu.text.plural import plural

#: The editor's address under the site's (site/editeur/index.html).
EDITOR_PATH = "editeur/"

#: How often the watcher looks for saves, and the quiet time after one before rebuilding
#: (ms). watchfiles returns one ``step`` after the step that saw the event: 1.5 steps on
#: average between a save and the rebuild. Editors write a file in one go; a save written in
#: two parts further apart is rebuilt twice, the second time with the whole file.
SAVE_SETTLE_MS = 5


def _stamp() -> str:
    return time.strftime("%H:%M:%S")


class Preview:
    """The incremental builder of the preview folder, and what the terminal already said."""

    def __init__(self, project: Project, *, drafts: bool) -> None:
        self.project, self.drafts = project, drafts
        self.builder = Builder(project.content)
        self.warned: set[Diagnostic] = set()

    def _new_problems(self, diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
        """Errors every time, warnings only the first time they appear."""
        fresh = [d for d in diagnostics if d.is_error or d not in self.warned]
        self.warned = {d for d in diagnostics if not d.is_error}
        return fresh

    def rebuild(self, changed: Collection[Path] | None = None) -> Outcome | None:
        """One save-to-page round; None if something unexpected failed. ``changed`` (what the
        watcher saw) lets the builder skip walking the content folder."""
        started = time.perf_counter()
        try:
            options = Options(
                drafts=self.drafts,
                today=dt.date.today(),
                site_url=os.environ.get("SITE_URL") or None,
                images_out=self.project.variants,
            )
            outcome = self.builder.compile(options, changed)
            problems = self._new_problems(outcome.diagnostics)
            if problems:
                typer.echo(report(problems, outcome.files_checked, env={}))
            if outcome.ok:
                written = self.builder.update(outcome, self.project)
                elapsed = (time.perf_counter() - started) * 1000
                files = plural(len(written), "fichier")
                say(f"[{_stamp()}] Aperçu à jour : {files} en {elapsed:.0f} ms.")
            else:
                self.builder.live(self.project, [], outcome.diagnostics)
                say(
                    f"[{_stamp()}] L’aperçu garde la dernière version valide jusqu’à la correction."
                )
            return outcome
        except Exception as exc:
            problem = f"{type(exc).__name__} : {exc}"
            say(f"[{_stamp()}] Erreur interne pendant la mise à jour ({problem}).")
            return None

    def loop(self, stop: threading.Event | None = None) -> None:
        logging.getLogger("watchfiles").setLevel(logging.ERROR)  # its messages are English
        for changes in watchfiles.watch(
            self.project.content, stop_event=stop, raise_interrupt=False, step=SAVE_SETTLE_MS
        ):
            edited = {Path(path) for kind, path in changes if kind == watchfiles.Change.modified}
            # An added or deleted file: walk the folder again (None).
            self.rebuild(edited if len(edited) == len(changes) else None)


def watch_loop(project: Project, *, drafts: bool, stop: threading.Event | None = None) -> None:
    preview = Preview(project, drafts=drafts)
    preview.rebuild()
    say(f"Surveillance de {project.content} (Ctrl-C pour arrêter)…")
    preview.loop(stop)


def _interrupt(signum: int, frame: object) -> None:
    """The first Ctrl-C or SIGTERM stops the preview; the ones after it are ignored, so that
    stopping the server is never cut short (under `nox -s dev`, Ctrl-C reaches this process
    from the terminal, then nox sends SIGTERM too)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise KeyboardInterrupt


def _free_port(preferred: int = 5173, taken: int | None = None) -> int:
    for port in (preferred, 0):
        with socket.socket() as sock, contextlib.suppress(OSError):
            sock.bind(("127.0.0.1", port))
            found = int(sock.getsockname()[1])
            if found != taken:
                return found
    raise OSError("aucun port libre")


def _wait_listening(port: int, server: subprocess.Popen[bytes], timeout: float = 60) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and server.poll() is None:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return True
        time.sleep(0.05)
    return False


def _can_open_browser() -> bool:
    if sys.platform in {"darwin", "win32"}:
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def _stop_group(server: subprocess.Popen[bytes]) -> None:
    """Stop npm and everything it started (Vite runs in npm's process group)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while _group_alive(server.pid) and time.monotonic() < deadline:
        server.poll()  # reap npm so that it does not linger as a zombie
        time.sleep(0.1)
    if _group_alive(server.pid):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.wait(timeout=5)


def run_dev(project: Project, *, verbose: bool = False, open_browser: bool = True) -> int:
    """Preview build, Vite dev server as a child process, watcher in this process.
    Ctrl-C (or SIGTERM) stops both; if the server stops, the watcher stops too. The site's
    generated files are written before (``contenu dev``, by ``cli/generated_files.py``)."""
    preview = Preview(project, drafts=True)
    say("Préparation de l’aperçu…")
    first = preview.rebuild()
    if first is None or (first.outputs is None and not _site_file(project).is_file()):
        say("Le contenu contient des erreurs : corrigez-les, puis relancez l’aperçu.")
        return 1
    site = project.root / "site"
    port = _free_port()
    # The carnet (/editeur/) and its file API on a port of their own: another origin than
    # the site's pages and the providers' scripts they run (site/scripts/editor-server.ts).
    carnet_port = _free_port(port + 1, taken=port)
    command = ["npm", "--prefix", str(site), "run", "dev", "--", "--port", str(port)]
    command += ["--strictPort", "--logLevel", "info" if verbose else "warn"]
    env = {
        **os.environ,
        "CONTENU_OUT": str(project.out),
        # The editor (/editeur/): the folder its local API writes, the Python that renders
        # its prose previews with the pipeline's own code.
        "CONTENU_CONTENT": str(project.content),
        "CONTENU_PYTHON": sys.executable,
        "CARNET_PORT": str(carnet_port),
    }
    # Installed before the server starts: a signal in between would leave it serving.
    signal.signal(signal.SIGTERM, _interrupt)
    signal.signal(signal.SIGINT, _interrupt)
    try:
        server = subprocess.Popen(
            command,
            start_new_session=True,
            env=env,
            stdout=None if verbose else subprocess.DEVNULL,
        )
    except OSError as exc:
        say(f"Impossible de lancer le serveur de l’aperçu ({' '.join(command)}) : {exc}.")
        return 2
    stop = threading.Event()

    def _wait_server() -> None:
        server.wait()
        stop.set()

    try:
        threading.Thread(target=_wait_server, daemon=True).start()
        if _wait_listening(port, server) and _wait_listening(carnet_port, server):
            base = _base_path(project)
            url = f"http://localhost:{port}{base}"
            say(f"Aperçu du site : {url}  (Ctrl-C pour arrêter)")
            say(f"Carnet (éditeur du contenu) : http://localhost:{carnet_port}{base}{EDITOR_PATH}")
            if open_browser and _can_open_browser():
                with contextlib.suppress(Exception):
                    webbrowser.open(url)
        preview.loop(stop)
    except KeyboardInterrupt:
        pass
    finally:
        stopped_by_itself = server.poll() is not None
        _stop_group(server)
    say("Aperçu arrêté.")
    if stopped_by_itself and server.returncode not in (0, None):
        say(f"Le serveur de l’aperçu s’est arrêté (code {server.returncode}).")
        return 1
    return 0


def _site_file(project: Project) -> Path:
    return project.out / SITE_FILE


def _base_path(project: Project) -> str:
    return str(json.loads(_site_file(project).read_text("utf-8"))["basePath"])
