"""tilecheck: the static ownership checker for tilert tile kernels."""

from __future__ import annotations

__version__ = "0.1.0"
