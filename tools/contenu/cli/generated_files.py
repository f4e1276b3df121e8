"""Every file the content tools generate from the models, in one list, and the one entry
point that writes them: `contenu schema`, `contenu build` and `contenu dev` call
``write_generated_files``, so the three leave the same files. Each is committed and named
``*.gen.*`` (a test fails when one is stale or misnamed), and rewritten only when its bytes
change: the site's build and the dev server see an unchanged file as unchanged.

It lives with the commands because its makers sit on every floor below them: the words of
the pull requests (``changes``), the editor's model (``catalogue``), the schemas, the bundle
types and the cell registry (``codegen``).

The files depend on the code only, never on the content: `contenu build` passes a stamp (a
file of its cache folder) and makes them again only when the code changed or a file on disk
is not what the stamp says was written (edited, deleted, or a stray schema added by hand).
Making them, and importing their makers, cost 0.4-0.5 CPU-s at every build (issue 33)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from contenu.codegen.schemas import SCHEMA_FOLDER
from contenu.pipeline import writer
from contenu.pipeline.result_cache import code_digest

#: What marks a generated file's name: ``registry.gen.ts``, ``article.schema.gen.json``.
GENERATED_MARK = ".gen."
#: The stamp's name in the build's cache folder (``Project.results``).
GENERATED_STAMP = "generated-files"


def generated_files() -> dict[Path, bytes]:
    """Path from the repository root → bytes, for every generated file."""
    # Imported here: a build whose stamp holds does not need the makers (see the docstring).
    from contenu.catalogue.editor_data import EDITOR_DATA_PATH, render_editor_data
    from contenu.catalogue.editor_model import EDITOR_MODEL_PATH, generate_editor_model
    from contenu.changes.generated_words import CHANGE_WORDS_PATH, generate_change_words
    from contenu.codegen.cell_registry import CELL_REGISTRY_PATH, generate_cell_registry
    from contenu.codegen.schemas import schema_files
    from contenu.codegen.typescript import TYPES_PATH, generate

    files = {SCHEMA_FOLDER / rel: data for rel, data in schema_files().items()}
    files[TYPES_PATH] = generate().encode()
    files[CELL_REGISTRY_PATH] = generate_cell_registry().encode()
    files[EDITOR_DATA_PATH] = render_editor_data().encode()
    files[EDITOR_MODEL_PATH] = generate_editor_model().encode()
    files[CHANGE_WORDS_PATH] = generate_change_words().encode()
    return files


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _stamped(stamp: Path, root: Path) -> bool:
    """Whether ``stamp`` was written by this code, and the generated files under ``root``
    are, byte for byte, the ones it lists (and ``schema/`` holds no other file)."""
    try:
        recorded = json.loads(stamp.read_bytes())
        files: dict[str, str] = recorded["files"]
        if recorded["code"] != code_digest():
            return False
        schemas = {
            p.relative_to(root).as_posix() for p in (root / SCHEMA_FOLDER).rglob("*") if p.is_file()
        }
        if schemas != {rel for rel in files if Path(rel).is_relative_to(SCHEMA_FOLDER)}:
            return False
        return all(_digest((root / rel).read_bytes()) == hashed for rel, hashed in files.items())
    except (OSError, ValueError, KeyError, TypeError, AttributeError):  # none, or damaged
        return False


def _stamp(stamp: Path, files: dict[Path, bytes]) -> None:
    recorded = {
        "code": code_digest(),
        "files": {p.as_posix(): _digest(d) for p, d in files.items()},
    }
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        writer.replace_file(stamp, json.dumps(recorded, sort_keys=True).encode())
    except OSError:  # a read-only folder: the next build makes the files again, no more
        pass


def write_generated_files(root: Path, stamp: Path | None = None) -> list[Path]:
    """Write every generated file under the repository ``root``; return the paths written
    or deleted (``schema/`` holds the schemas only: one of a removed type goes). With a
    ``stamp`` that holds (``_stamped``), nothing is made and nothing is written."""
    if stamp is not None and _stamped(stamp, root):
        return []
    files = generated_files()
    schemas = {
        path.relative_to(SCHEMA_FOLDER).as_posix(): data
        for path, data in files.items()
        if path.is_relative_to(SCHEMA_FOLDER)
    }
    changed = [SCHEMA_FOLDER / rel for rel in writer.update_tree(root / SCHEMA_FOLDER, schemas)]
    for path, data in files.items():
        if not path.is_relative_to(SCHEMA_FOLDER) and writer.write_file(root / path, data):
            changed.append(path)
    if stamp is not None:
        _stamp(stamp, files)
    return changed
