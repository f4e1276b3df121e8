"""contenu: validates the Markdown of ``content/`` and compiles it into the site's JSON bundles."""

__version__ = "0.1.0"
