"""The images of ``content/images/``: every file decoded and checked (``image_check``), raster
metadata removed (``image_metadata``), SVGs sanitised (``svg``), responsive variants
(``variants``). May import ``models`` (which image types exist) and ``text``."""
