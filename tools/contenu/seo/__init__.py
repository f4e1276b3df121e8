"""What search engines and feed readers read: ``sitemap.xml``, ``robots.txt`` and the Atom
feed (``site_files``), the schema.org JSON-LD of each route (``json_ld``). Pure functions on
bundle data; may import ``models`` (the routes) and ``text``."""
