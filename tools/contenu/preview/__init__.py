"""``contenu watch`` and ``contenu dev``: rebuild on every change of ``content/`` and serve the
site with live reload. May import ``pipeline`` and everything below it."""
