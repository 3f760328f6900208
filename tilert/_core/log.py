"""The ``tilert`` logger: what tilert decides on its own that users may want to see — kernels
lowered for cuTile, autotune trials and choices, cache hits, the C launch path left out — through
the standard ``logging`` module (``logging.getLogger("tilert").setLevel(logging.DEBUG)``, or
``logging.basicConfig(level=logging.INFO)``). Silent unless the application configures logging,
as a library should be."""

from __future__ import annotations

import logging

logger = logging.getLogger("tilert")
logger.addHandler(logging.NullHandler())
