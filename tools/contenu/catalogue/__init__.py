"""What the coaches and their editor read about the content types, generated from the models
(``contenu catalogue``): the French catalogue ``docs/guide/catalogue.md`` (guide.py) and the
Front Matter CMS configuration ``frontmatter.json`` (editor.py). Both are committed; tests
compare them with what these modules render, so neither can drift from ``contenu check``.

shapes.py reads what each field accepts, examples.py builds valid example values,
yaml_text.py writes them as hand-written YAML, kinds.py lists the kinds of file;
scaffold.py writes a new file from them (``contenu new``). May import ``pipeline`` and
everything below it.
"""

from contenu.catalogue.editor import (
    FRONTMATTER_CONFIG_PATH,
    render_frontmatter_config,
    write_frontmatter_config,
)
from contenu.catalogue.guide import CATALOGUE_PATH, render_catalogue, write_catalogue

__all__ = [
    "CATALOGUE_PATH",
    "FRONTMATTER_CONFIG_PATH",
    "render_catalogue",
    "render_frontmatter_config",
    "write_catalogue",
    "write_frontmatter_config",
]
