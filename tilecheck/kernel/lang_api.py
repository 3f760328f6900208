"""The public names of ``tilert.lang`` (and ``tl.unsafe``) and the parameters of its functions,
as data.

tilecheck runs without the runtime (and tilert imports tilecheck), so it cannot ask the module
itself. ``tests/tilert/test_lang_vocabulary.py`` holds this table to ``tilert.lang``'s
``__all__`` and to ``inspect.signature`` of each function: a name added there without an
entry here fails the tests."""

from __future__ import annotations

from tilecheck.kernel.lang_signature import LangSignature, signature
from tilecheck.names import LANG, LANG_UNSAFE

FUNCTIONS: dict[str, LangSignature] = {
    name: signature(spec)
    for name, spec in {
        # loading
        "load_tile_like": "x, z, at=, latency=",
        # creation
        "zeros": "shape, dtype",
        "full": "shape, value, dtype",
        "arange": "n, dtype=",
        "astype": "t, dtype",
        "where": "cond, a, b",
        # math
        "exp": "x",
        "exp2": "x",
        "log": "x",
        "sqrt": "x",
        "rsqrt": "x",
        "sin": "x",
        "cos": "x",
        "tanh": "x",
        "tan": "x",
        "sinh": "x",
        "cosh": "x",
        "log2": "x",
        "floor": "x",
        "ceil": "x",
        "isnan": "x",
        "atan2": "x1, x2",
        "pow": "x, y",
        "mod": "x, y",
        "floordiv": "x, y",
        "divmod": "x, y",
        "bitcast": "x, dtype",
        "abs": "x",
        "maximum": "a, b",
        "minimum": "a, b",
        # reductions
        "sum": "t, axis=, keepdims=",
        "prod": "t, axis=, keepdims=",
        "max": "t, axis=, keepdims=",
        "min": "t, axis=, keepdims=",
        "argmax": "t, axis=, keepdims=",
        "argmin": "t, axis=, keepdims=",
        # scans
        "cumsum": "t, axis=, *, reverse=",
        "cumprod": "t, axis=, *, reverse=",
        # matrix products
        "mma": "a, b, acc",
        "matmul": "a, b",
        # shapes
        "reshape": "t, shape",
        "permute": "t, axes",
        "transpose": "t, axis0=, axis1=",
        "broadcast_to": "t, shape",
        "expand_dims": "t, axis",
        "cat": "tiles, axis=",
        "extract": "x, /, index, shape",
        "insert": "x, /, index, value",
        # custom reductions and scans, element-indexed loads
        "reduce": "x, axis, func, identity, *, keepdims=",
        "scan": "x, axis, func, identity, *, reverse=",
        "gather": "x, indices, *, mask=, padding_value=, latency=",
        # the launch
        "bid": "axis",
        "num_blocks": "axis",
        "cdiv": "a, b",
        "printf": "fmt, *args",
        "num_tiles": "x, axis, shape",
        "static_assert": "condition, message=",
        # composites (@tr.function helpers in tilert.lang): math and random numbers
        "sigmoid": "x",
        "softplus": "x",
        "log1p": "x",
        "expm1": "x",
        "erf": "x",
        "randint4x": "seed, offsets",
        "randint": "seed, offsets",
        "rand": "seed, offsets",
        "randn": "seed, offsets",
    }.items()
}

UNSAFE_FUNCTIONS: dict[str, LangSignature] = {
    "store": signature("target, index, tile"),
    "scatter": signature("target, indices, value, *, mask="),
    **{
        f"atomic_{op}": signature("target, indices, update, *, order=, scope=")
        for op in ("add", "max", "min", "and", "or", "xor", "xchg")
    },
    "atomic_cas": signature("target, indices, expected, desired, *, order=, scope="),
}

# The values the atomics' ``order=`` and ``scope=`` take (cuTile's MemoryOrder and
# MemoryScope, lower-cased); the first of each is the default.
MEMORY_ORDERS = ("acq_rel", "relaxed", "acquire", "release")
MEMORY_SCOPES = ("device", "block", "sys")

# The public names that are not functions: annotations, dtypes and the ``unsafe`` namespace.
OTHER_NAMES = frozenset(
    {"Const", "DType", "Mutable", "Shared", "Tensor", "Tile", "unsafe"}
    | {"bf16", "bool_", "f16", "f32", "f64", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"}
    | {"f8e4m3fn", "f8e5m2", "f8e8m0fnu"}
)

# Every namespace of the language: its functions, and every public name it has.
NAMESPACES: dict[str, tuple[dict[str, LangSignature], frozenset[str]]] = {
    LANG: (FUNCTIONS, frozenset(FUNCTIONS) | OTHER_NAMES),
    LANG_UNSAFE: (UNSAFE_FUNCTIONS, frozenset(UNSAFE_FUNCTIONS)),
}
