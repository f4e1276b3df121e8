"""Whether the tests run in CI (`.ci/run` and GitHub Actions set CI=true): there a missing
prerequisite fails instead of skipping, and Hypothesis draws the same examples at every run.
One answer for every suite (pytest puts tests/ on the import path: pyproject.toml)."""

from __future__ import annotations

import os

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
