"""Rendering of prose: Markdown → sanitised HTML with French typography.
May import ``models`` and ``text``."""
