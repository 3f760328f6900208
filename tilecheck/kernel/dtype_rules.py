"""Which dtype a kernel operation produces, as the interpreter (``tilert.interpret.dtype_rules``,
the reference) computes it, written over dtype names: tilecheck cannot import tilert.
``tests/tilecheck/test_tile_types.py`` holds these to the interpreter's functions for every
pair of dtypes. None wherever the interpreter would refuse, or the answer is not known."""

from __future__ import annotations

from tilecheck.frozen import frozen

_KIND_RANK = {"b": 0, "u": 1, "i": 1, "f": 2}
_INFO: dict[str, tuple[str, int]] = {  # name -> (kind, bytes)
    "bool_": ("b", 1),
    "i8": ("i", 1),
    "i16": ("i", 2),
    "i32": ("i", 4),
    "i64": ("i", 8),
    "u8": ("u", 1),
    "u16": ("u", 2),
    "u32": ("u", 4),
    "u64": ("u", 8),
    "f16": ("f", 2),
    "bf16": ("f", 2),
    "f32": ("f", 4),
    "f64": ("f", 8),
    "f8e4m3fn": ("f", 1),
    "f8e5m2": ("f", 1),
    "f8e8m0fnu": ("f", 1),
}
_STRONG = {"b": "bool_", "i": "i32", "f": "f32"}  # how a launch types a Python scalar
_STORAGE_ONLY = frozenset({"f8e4m3fn", "f8e5m2", "f8e8m0fnu"})  # no arithmetic

# input dtype -> the accumulators ``tl.mma`` takes (the interpreter's _MMA_ACCUMULATORS)
MMA_ACCUMULATORS: dict[str, tuple[str, ...]] = {
    "f8e4m3fn": ("f16", "f32"),
    "f8e5m2": ("f16", "f32"),
    "f16": ("f16", "f32"),
    "bf16": ("f32",),
    "f32": ("f32",),
    "f64": ("f64",),
    "i8": ("i32",),
    "u8": ("i32",),
}


def kind(dtype: str) -> str | None:
    info = _INFO.get(dtype)
    return info[0] if info is not None else None


def integer_range(dtype: str) -> tuple[int, int] | None:
    """The values an integer dtype holds; None for the others."""
    info = _INFO.get(dtype)
    if info is None or info[0] not in "iu":
        return None
    bits = 8 * info[1]
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if info[0] == "i" else (0, (1 << bits) - 1)


def promote(a: str, b: str) -> str | None:
    """Two tiles' common dtype by cuTile's table; None for the pairs it refuses."""
    if a == b:
        return a
    if a not in _INFO or b not in _INFO or a in _STORAGE_ONLY or b in _STORAGE_ONLY:
        return None
    (ka, sa), (kb, sb) = _INFO[a], _INFO[b]
    if ka == "b" or kb == "b":
        return b if ka == "b" else a
    if (ka == "f") != (kb == "f"):
        return a if ka == "f" else b
    if ka != kb or sa == sb:
        return None  # signed with unsigned; f16 with bf16
    return a if sa > sb else b


def default_dtype(scalar_kind: str, value: int | None) -> str | None:
    """The dtype of a Python scalar standing alone (an int's depends on its value)."""
    if scalar_kind == "b":
        return "bool_"
    if scalar_kind == "f":
        return "f32"
    if value is None:
        return None
    if -(2**31) <= value < 2**31:
        return "i32"
    return "i64" if -(2**63) <= value < 2**63 else "u64"


def with_scalar(dtype: str, scalar_kind: str, value: int | None) -> str | None:
    """A tile of ``dtype`` with a weakly typed Python scalar: the tile's dtype, unless the
    scalar is of a higher kind."""
    tile_kind = kind(dtype)
    if tile_kind is None:
        return None
    if _KIND_RANK[scalar_kind] > _KIND_RANK[tile_kind]:
        return default_dtype(scalar_kind, value)
    return dtype


@frozen
class Operand:
    """What an operation knows of one operand's type: a tile's ``dtype`` (strong), or a Python
    scalar's ``kind`` (weak), or either (``weak`` None: a Python int or an i32 tile)."""

    dtype: str | None = None  # a tile's dtype (None: unknown, or a weak scalar)
    scalar_kind: str | None = None  # a weak scalar's kind
    value: int | None = None  # a weak int's value
    weak: bool | None = False

    def readings(self) -> tuple[Operand, ...] | None:
        """Each thing the operand may be, as a definite tile or scalar; None when unknown."""
        if self.weak is None:
            strong = _STRONG.get(self.scalar_kind or "")
            if strong is None:
                return None
            weak = Operand(scalar_kind=self.scalar_kind, value=self.value, weak=True)
            return (weak, Operand(dtype=strong))
        if self.weak:
            return (self,) if self.scalar_kind is not None else None
        return (self,) if self.dtype is not None else None


def common(operands: tuple[Operand, ...]) -> str | None:
    """The dtype of an operation on ``operands`` (the interpreter's ``common_dtype``): tiles
    promote, scalars are weak; the same whatever an operand of unknown strength turns out to
    be, else None."""
    answers: set[str | None] = set()
    for reading in _readings(operands):
        answers.add(_common_definite(reading))
        if len(answers) > 1:
            return None
    return answers.pop() if answers else None


def _readings(operands: tuple[Operand, ...]) -> list[tuple[Operand, ...]]:
    out: list[tuple[Operand, ...]] = [()]
    for operand in operands:
        options = operand.readings()
        if options is None:
            return [(Operand(),)]  # one unknown operand: no answer
        out = [(*done, option) for done in out for option in options]
    return out


def _common_definite(operands: tuple[Operand, ...]) -> str | None:
    tiles = [o.dtype for o in operands if not o.weak]
    scalars = [o for o in operands if o.weak]
    if any(t is None for t in tiles):
        return None
    result: str | None
    if not tiles:
        result = default_dtype(scalars[0].scalar_kind or "", scalars[0].value)
        for s in scalars[1:]:
            other = default_dtype(s.scalar_kind or "", s.value)
            result = promote(result, other) if result and other else None
        return result
    result = tiles[0]
    if result in _STORAGE_ONLY:
        return None
    for t in tiles[1:]:
        result = promote(result, t) if result is not None and t is not None else None
    for s in scalars:
        result = with_scalar(result, s.scalar_kind or "", s.value) if result else None
    return result


def arithmetic(common_dtype: str | None, operator: str) -> str | None:
    """The result of a binary operator given its operands' common dtype."""
    if common_dtype is None:
        return None
    k = kind(common_dtype)
    if operator in ("+", "-", "*", "//", "%", "maximum", "minimum"):
        return None if k == "b" and operator not in ("maximum", "minimum") else common_dtype
    if operator == "/":
        return common_dtype if k == "f" else "f32"
    if operator in ("**", "pow", "atan2"):
        return common_dtype if k == "f" else None
    if operator in ("<<", ">>"):
        return common_dtype if k in ("i", "u") else None
    if operator in ("&", "|", "^"):
        return common_dtype if k in ("i", "u", "b") else None
    return None


def float_for(dtype: str | None) -> str | None:
    """A transcendental's result: floats keep their dtype, integers and bool_ give f32."""
    if dtype is None or dtype in _STORAGE_ONLY:
        return None
    return dtype if kind(dtype) == "f" else "f32"


def summed(dtype: str | None) -> str | None:
    """``sum``, ``prod``, ``cumsum``, ``cumprod``: bool_ adds as i32."""
    return "i32" if dtype == "bool_" else dtype
