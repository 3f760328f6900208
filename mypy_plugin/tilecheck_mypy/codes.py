"""The plugin's mypy error codes; ``# type: ignore[tile-...]`` names them."""

from __future__ import annotations

from typing import Final

from mypy.errorcodes import ErrorCode

_CATEGORY: Final = "tilecheck"

MUTABLE_ALIAS: Final = ErrorCode(
    "tile-mutable-alias", "A tensor written through a partition and passed again (TC101)", _CATEGORY
)
ARGUMENT_KIND: Final = ErrorCode(
    "tile-argument-kind", "A kernel argument of the wrong kind, or wrong arity (TC106)", _CATEGORY
)
STORE_SHARED: Final = ErrorCode(
    "tile-store-shared", "A store or write through a Shared kernel parameter (TC201)", _CATEGORY
)
DTYPE: Final = ErrorCode(
    "tile-dtype", "A launch argument whose dtype differs from the kernel's annotation", _CATEGORY
)
