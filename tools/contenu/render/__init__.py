"""Rendering of prose: Markdown → sanitised HTML with French typography."""
