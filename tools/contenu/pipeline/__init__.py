"""The stages of a build, in data-flow order: discover → load → validate → collect → emit.
``runner`` chains them and keeps the per-file cache the watcher and the benchmark reuse."""
