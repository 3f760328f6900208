"""The expression trees of generated kernels: each node knows its source text (as a user writes
it in ``tilert.lang``), its numpy reference (the language's documented semantics, written
independently of the interpreter), and a first-order bound on its value and on how far two
faithful backends may differ on it.

``bound`` is the largest magnitude the node's value can take; ``err`` an absolute bound on the
difference between two correct implementations (0: bit-exact on every backend). Rounding adds
``unit(dt) * bound`` per floating-point operation, transcendental functions add a few f32 ulps
(the GPU's fast math), and each operation propagates its operands' ``err`` through its
Lipschitz constant over the operands' range. Operations that are discontinuous (``floor``,
comparisons, ``//``, float-to-int conversions, ``argmax``) only ever see exact operands."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ml_dtypes
import numpy as np

Array = np.ndarray[Any, Any]
Shape = tuple[int, ...]

NP: dict[str, Any] = {
    "f32": np.float32,
    "f16": np.float16,
    "bf16": ml_dtypes.bfloat16,
    "i32": np.int32,
    "i64": np.int64,
    "bool": np.bool_,
}
TL = {"f32": "tl.f32", "f16": "tl.f16", "bf16": "tl.bf16", "i32": "tl.i32", "i64": "tl.i64"}
TL["bool"] = "tl.bool_"
FLOATS = ("f32", "f16", "bf16")
INTS = ("i32", "i64")
UNIT = {"f32": 2.0**-24, "f16": 2.0**-11, "bf16": 2.0**-8}
MANTISSA = {"f32": 24, "f16": 11, "bf16": 8}
# the largest |value| a node may reach (far from overflow, so every result stays finite)
LIMIT = {"f32": 1e7, "f16": 3e4, "bf16": 1e7, "i32": 2.0**30, "i64": 2.0**50, "bool": 1.0}
# What a GPU's math may differ from numpy's (correctly rounded or nearly), in units of the
# dtype's rounding (half an ulp). CUDA documents its f32 functions within 1-4 ulps (expf 2,
# sinf 2, tanhf 2, powf 4, sinhf 3; fast-math __expf 2 + 1.2|x| ulps, added per function), and
# f16/bf16 math that computes in f32 and rounds, or natively within 1-2 ulps. Overridable
# (TILERT_DIFF_TRANSCENDENTAL_ULPS, in f32 ulps) where a GPU proves less precise.
TRANSCENDENTAL_ULPS = float(os.environ.get("TILERT_DIFF_TRANSCENDENTAL_ULPS", "16"))
LOW_PRECISION_MATH = 4.0  # f16/bf16 functions: 2 ulps of their dtype
DIVISION = 4.0  # `/`: 2 ulps (CUDA's div.full and __fdividef are within 2)
POWER = 8.0  # `**` through pow: 4 ulps


def mag(x: Array) -> Array:
    """|x| in float64."""
    return np.abs(np.asarray(x).astype(np.float64))


F32_TRANSCENDENTAL = TRANSCENDENTAL_ULPS * 2.0**-24


def unit(dt: str) -> float:
    return UNIT.get(dt, 0.0)


def is_float(dt: str) -> bool:
    return dt in FLOATS


def compute(x: Array) -> Array:
    """The numpy array an operation on ``x`` runs in: f16/bf16 compute in f32."""
    if x.dtype in (np.float16, np.dtype(ml_dtypes.bfloat16)):
        return x.astype(np.float32)
    return x


def to(x: Any, dt: str) -> Array:
    """``x`` converted to ``dt`` as ``tl.astype`` does (only exact, in-range values reach a
    float-to-int conversion, so numpy's conversion is the language's)."""
    with np.errstate(all="ignore"):
        return np.asarray(x).astype(NP[dt])


@dataclass(eq=False)
class Env:
    """What a node's reference reads in one block: the block index, the loaded inputs, the
    kernel's parameter values, and a helper's arguments."""

    index: tuple[int, ...]
    inputs: dict[str, Array]
    z_init: Array
    tile: Shape
    params: dict[str, Any] = field(default_factory=dict)
    locals: dict[str, Array] = field(default_factory=dict)


Src = Callable[[Sequence[str]], str]
ErrF = Callable[[Sequence[Array], Sequence[Array], Array, "Env"], Array]
Ref = Callable[[Sequence[Array], Env], Array]


@dataclass(eq=False)
class Node:
    """One expression: ``src(children's sources)`` and ``ref(children's values, env)``."""

    kind: str
    dtype: str
    shape: Shape
    bound: float
    err: float
    children: tuple[Node, ...]
    src: Src
    ref: Ref
    leaf: bool = False  # written inline where it is used
    inline: bool = False  # a non-leaf written inline (nested expressions)
    pack: bool = False  # its two children assigned by one tuple-unpacking statement
    block: Any = None  # a statement form of its own (loop, if, helper call): see emit.py
    errf: ErrF | None = None  # elementwise err from the actual operands (else: ``err``)
    moves: bool = False  # only moves elements: its err moves as its values do

    @property
    def exact(self) -> bool:
        return self.err == 0.0

    def eval(self, env: Env) -> Array:
        return self.evaluate(env)[0]

    def evaluate(self, env: Env) -> tuple[Array, Array]:
        """The node's value and, elementwise, how far two faithful backends may differ on it
        (computed from the operands' actual values; never above the static ``err``)."""
        pairs = [c.evaluate(env) for c in self.children]
        vals = [p[0] for p in pairs]
        errs = [p[1] for p in pairs]
        with np.errstate(all="ignore"):
            out = np.asarray(self.ref(vals, env))
            if self.exact:
                err = np.zeros(self.shape)
            elif self.moves:
                err = np.asarray(self.ref(errs, env), dtype=np.float64)
            elif self.errf is not None:
                err = np.asarray(self.errf(vals, errs, out, env), dtype=np.float64)
            else:
                err = np.full(self.shape, self.err)
        assert out.shape == self.shape, (self.kind, out.shape, self.shape)
        assert out.dtype == np.dtype(NP[self.dtype]), (self.kind, out.dtype, self.dtype)
        err = np.minimum(np.broadcast_to(err, self.shape), self.err)
        return out, err


def leaf(kind: str, dtype: str, shape: Shape, bound: float, text: str, ref: Ref) -> Node:
    return Node(kind, dtype, shape, bound, 0.0, (), lambda _: text, ref, leaf=True)


# -- scalars ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Scalar:
    """A Python scalar operand: a literal, a module constant, a Const or a runtime parameter
    (``text`` names it; ``value`` is what it holds)."""

    text: str
    value: int | float

    def array(self, dt: str) -> Array:
        """The weakly typed scalar in the operation's compute dtype."""
        return np.asarray(self.value, dtype=compute(np.zeros((), NP[dt])).dtype)


# -- elementwise operations ---------------------------------------------------------------------
def rounded(dt: str, bound: float) -> float:
    return unit(dt) * bound


def math_unit(dt: str) -> float:
    """A math function's own rounding error in ``dt``, relative (besides the f32 ulps)."""
    return unit(dt) * (1.0 if dt == "f32" else LOW_PRECISION_MATH)


def transcendental(dt: str, bound: float) -> float:
    """A transcendental's own error: the dtype's rounding plus the GPU's ulps in f32."""
    return math_unit(dt) * bound + TRANSCENDENTAL_ULPS * 2.0**-24 * max(bound, 1.0)


def broadcast_shape(a: Shape, b: Shape) -> Shape:
    return tuple(np.broadcast_shapes(a, b))


def binary_float(op: str, x: Array, y: Array, dt: str) -> Array:
    a, b = compute(x), compute(y)
    if op == "+":
        r = a + b
    elif op == "-":
        r = a - b
    elif op == "*":
        r = a * b
    elif op == "/":
        r = a / b
    elif op == "//":
        r = np.floor_divide(a, b)
    elif op == "%":
        r = np.remainder(a, b)
    elif op == "**":
        r = np.power(a, b)
    elif op == "maximum":
        r = np.maximum(a, b)
    elif op == "minimum":
        r = np.minimum(a, b)
    else:
        raise AssertionError(op)
    return to(r, dt)


def binary_int(op: str, a: Array, b: Array, dt: str) -> Array:
    a, b = to(a, dt), to(b, dt)
    table: dict[str, Callable[[Array, Array], Array]] = {
        "+": np.add,
        "-": np.subtract,
        "*": np.multiply,
        "//": np.floor_divide,
        "%": np.remainder,
        "**": np.power,
        "&": np.bitwise_and,
        "|": np.bitwise_or,
        "^": np.bitwise_xor,
        "<<": np.left_shift,
        ">>": np.right_shift,
        "maximum": np.maximum,
        "minimum": np.minimum,
    }
    return to(table[op](a, b), dt)


COMPARE: dict[str, Callable[[Array, Array], Array]] = {
    "==": np.equal,
    "!=": np.not_equal,
    "<": np.less,
    "<=": np.less_equal,
    ">": np.greater,
    ">=": np.greater_equal,
}
LOGICAL: dict[str, Callable[[Array, Array], Array]] = {
    "&": np.logical_and,
    "|": np.logical_or,
    "^": np.logical_xor,
}

UNARY_FLOAT: dict[str, Callable[[Array], Array]] = {
    "exp": np.exp,
    "log": np.log,
    "sqrt": np.sqrt,
    "sin": np.sin,
    "cos": np.cos,
    "tanh": np.tanh,
    "floor": np.floor,
    "ceil": np.ceil,
    "abs": np.abs,
}


def operand_array(v: Array | Scalar, dt: str) -> Array:
    return v.array(dt) if isinstance(v, Scalar) else v
