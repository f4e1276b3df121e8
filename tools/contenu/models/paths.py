"""Where each file of ``content/`` is published: the public path (route) of a page, of an
article and of each page of an article listing, and the file name of a route's bundle. The one
home of these rules: the pipeline, the SEO files and the pull-request summary read them here
(the site mirrors ``route_key`` in ``site/src/site.ts``)."""

from __future__ import annotations

#: Articles are published under this path, one route per article file.
ARTICLES_ROOT = "/blog"
#: ``/blog/page/2``: the second page of a listing.
PAGE_SEGMENT = "page"
#: ``/blog/categorie/emotions``: the listing of one category.
CATEGORY_SEGMENT = "categorie"
#: Top-level folders of the built site and of its tools: a page of that name would be written
#: beside them (``/data`` is the bundles, ``/img`` the image variants, ``/pagefind`` search).
RESERVED_PAGE_NAMES = frozenset({"assets", "data", "editeur", "images", "img", "pagefind"})


#: The page shown for an address the site does not serve (``pages/404.md``): it has no route.
NOT_FOUND_PAGE = "404"


def page_path(name: str) -> str:
    """Public path of ``pages/<name>.md`` (``index`` is ``/``)."""
    return "/" if name == "index" else f"/{name}"


def article_path(slug: str) -> str:
    """Public path of ``articles/<slug>.md``."""
    return f"{ARTICLES_ROOT}/{slug}"


def article_slug(path: str) -> str | None:
    """The slug of the article published at ``path``, or None when it is not an article's."""
    prefix = f"{ARTICLES_ROOT}/"
    return path.removeprefix(prefix) if path.startswith(prefix) else None


def listing_page_path(root: str, page: int) -> str:
    """Path of page ``page`` of the listing at ``root`` (page 1 is the root itself)."""
    if page == 1:
        return root
    return f"{root.rstrip('/')}/{PAGE_SEGMENT}/{page}"


def category_path(root: str, slug: str) -> str:
    """Path of the listing of one category of the listing at ``root``."""
    return f"{root.rstrip('/')}/{CATEGORY_SEGMENT}/{slug}"


def route_key(path: str) -> str:
    """``/`` → ``index``, ``/blog/x`` → ``blog/x``: the route's file name, from its path."""
    return path.strip("/") or "index"
