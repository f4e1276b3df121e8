"""Diagnostics and how they are told: the ``Diagnostic`` record and its French messages, the
French names of fields, and the terminal, GitHub annotation and job-summary formats.
May import ``models`` and ``text``."""
