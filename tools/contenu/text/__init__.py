"""French text and generated Markdown: typography (spaces, quotes, apostrophes) and the tables
and anchors of Markdown the tools write. The ground floor: imports nothing from ``contenu``."""
