"""``contenu integrer``: provider embed codes pasted by a coach (``snippets``) become the
identifiers of the settings file (``settings_edit``), written only when the whole file still
validates (``command``). May import ``pipeline`` and everything below it."""
