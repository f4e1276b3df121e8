"""Every file the content tools generate from the models, in one list, and the one entry
point that writes them: `contenu schema`, `contenu build` and `contenu dev` call
``write_generated_files``, so the three leave the same files. Each is committed and named
``*.gen.*`` (a test fails when one is stale or misnamed), and rewritten only when its bytes
change: the site's build and the dev server see an unchanged file as unchanged.

It lives with the commands because its makers sit on every floor below them: the words of
the pull requests (``changes``), the editor's model (``catalogue``), the schemas, the bundle
types and the cell registry (``codegen``)."""

from __future__ import annotations

from pathlib import Path

from contenu.catalogue.editor_data import EDITOR_DATA_PATH, render_editor_data
from contenu.catalogue.editor_model import EDITOR_MODEL_PATH, generate_editor_model
from contenu.changes.generated_words import CHANGE_WORDS_PATH, generate_change_words
from contenu.codegen.cell_registry import CELL_REGISTRY_PATH, generate_cell_registry
from contenu.codegen.schemas import SCHEMA_FOLDER, schema_files
from contenu.codegen.typescript import TYPES_PATH, generate
from contenu.pipeline import writer

#: What marks a generated file's name: ``registry.gen.ts``, ``article.schema.gen.json``.
GENERATED_MARK = ".gen."


def generated_files() -> dict[Path, bytes]:
    """Path from the repository root → bytes, for every generated file."""
    files = {SCHEMA_FOLDER / rel: data for rel, data in schema_files().items()}
    files[TYPES_PATH] = generate().encode()
    files[CELL_REGISTRY_PATH] = generate_cell_registry().encode()
    files[EDITOR_DATA_PATH] = render_editor_data().encode()
    files[EDITOR_MODEL_PATH] = generate_editor_model().encode()
    files[CHANGE_WORDS_PATH] = generate_change_words().encode()
    return files


def write_generated_files(root: Path) -> list[Path]:
    """Write every generated file under the repository ``root``; return the paths written
    or deleted (``schema/`` holds the schemas only: one of a removed type goes)."""
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
    return changed
