"""Generated artefacts: JSON Schemas of the content types and TypeScript bundle types.
May import ``models`` and ``text``."""
