"""The stages of a build, in data-flow order: discover → load → validate → collect → emit.
``build`` chains them and keeps the per-file cache the watcher and the benchmark reuse;
``writer`` writes every output; ``launch`` is the production gate. May import ``codegen``,
``images``, ``seo``, ``render``, ``report``, ``models`` and ``text``."""
