"""``contenu changements``: what a pull request changes on the site, in French (``summary``),
from the files git says changed (``git``). May import ``pipeline`` and everything below it."""
