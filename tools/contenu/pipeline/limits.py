"""Limits on what one content file may hold, in one place (documented for the coaches in
docs/guide/README.md, « Limites »).

Anyone who can open a pull request can put a file in ``content/``: without limits, a 50 MB
article or a 10,000-level YAML costs gigabytes to check, and a YAML alias bomb multiplies one
line into millions of values. Each limit is far above what real content needs (articles
are about 8 kB, the settings 4 levels deep), and breaking one is a single French
error naming the file, never a crash. YAML anchors (``&nom``) and aliases (``*nom``) are
refused outright: they let one line stand for millions of values, and no content needs them.
"""

from __future__ import annotations

#: Size of a Markdown file. The longest article is about 8 kB: 1 Mo is a hundred times
#: more, and a larger file is refused before it is read.
MAX_MARKDOWN_BYTES = 1_000_000
MAX_MARKDOWN_TEXT = "1 Mo"

#: Nesting levels of a frontmatter or a cell (groups of keys and lists inside each other).
#: The settings need 4 (settings → navigation → header → item).
MAX_YAML_DEPTH = 20

#: Digits of a number written without quotes. Beyond 15 digits a number loses precision
#: (JavaScript, JSON): such a value is an identifier, a phone number… and is text.
MAX_NUMBER_DIGITS = 15

#: Bytes of a page name, article slug, entry id, category address or image name. The build
#: adds suffixes (``.json``, ``.html``, ``-1440.<empreinte>.avif`` for an image's variants)
#: and file systems stop at 255 bytes: ``check`` refuses what ``build`` could not write.
MAX_NAME_BYTES = 200

#: Categories of the blog. Every listing page links every category, so the output grows as
#: the square of their number (2,000 one-article categories: 460 MB); 50 is far more than
#: a blog's menu can show.
MAX_CATEGORIES = 50
