"""What a kernel body may call beyond tilert's own objects (``tilecheck.names``): the builtins
the compiler lowers, the scalar annotations, and the libraries it never lowers."""

from __future__ import annotations

SCALAR_TYPES = {"builtins.int": "int", "builtins.float": "float", "builtins.bool": "bool"}
ALLOWED_BUILTINS = frozenset({"range", "min", "max", "int", "float", "bool", "len", "abs"})

# User code in the checked module itself that is known not to be device code (a plain ``def``
# or a ``class``): ``ImportResolver`` answers ``"<module>.helper"`` for it.
MODULE_LOCAL_PREFIX = "<module>."

# Libraries whose functions are never kernel functions (whatever resolver answered).
FOREIGN_ROOTS = frozenset(
    {
        "numpy",
        "math",
        "cmath",
        "random",
        "statistics",
        "torch",
        "cupy",
        "jax",
        "scipy",
        "numba",
        "triton",
        "cuda",
        "os",
        "sys",
        "time",
        "functools",
        "itertools",
        "operator",
    }
)
