"""The plugin's mypy error codes; ``# type: ignore[tile-...]`` names them. The kind, dtype and
store codes refine mypy's own (an ignore of ``arg-type`` or ``attr-defined`` covers them too,
as it covers those mistakes without the plugin); aliasing is the plugin's alone."""

from __future__ import annotations

from typing import Final

from mypy import errorcodes
from mypy.errorcodes import ErrorCode

_CATEGORY: Final = "tilecheck"

MUTABLE_ALIAS: Final = ErrorCode(
    "tile-mutable-alias", "A tensor written through a partition and passed again (TC101)", _CATEGORY
)
ARGUMENT_KIND: Final = ErrorCode(
    "tile-argument-kind",
    "A kernel argument of the wrong kind, or wrong arity (TC106)",
    _CATEGORY,
    sub_code_of=errorcodes.ARG_TYPE,
)
STORE_SHARED: Final = ErrorCode(
    "tile-store-shared",
    "A store or write through a Shared kernel parameter (TC201)",
    _CATEGORY,
    sub_code_of=errorcodes.ATTR_DEFINED,
)
DTYPE: Final = ErrorCode(
    "tile-dtype",
    "A launch argument whose dtype differs from the kernel's annotation",
    _CATEGORY,
    sub_code_of=errorcodes.ARG_TYPE,
)
