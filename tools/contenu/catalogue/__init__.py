"""What the coaches and their editor read about the content types, generated from the models
(``contenu catalogue``): the French catalogue ``docs/guide/catalogue.md`` (guide.py) and the
Front Matter CMS configuration ``frontmatter.json`` (editor.py). Both are committed; tests
compare them with what these modules render, so neither can drift from ``contenu check``.

shapes.py reads what each field accepts, examples.py builds valid example values,
yaml_text.py writes them as hand-written YAML, kinds.py lists the kinds of file;
scaffold.py writes a new file from them (``contenu new``). May import ``pipeline`` and
everything below it.

Nothing is imported here: a submodule is imported by its own name, so `contenu build`, which
needs the editor's model only when the generated files are made again, does not pay for the
catalogue, the examples and the scaffold (0.45 CPU-s at each start, issue 33).
"""
