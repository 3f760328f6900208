"""Node builders: one function per language construct, each with its source text, its numpy
reference and its bound/err rule (see nodes.py). The generator (grammar.py) picks among them."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from tests.support.differential.nodes import (
    COMPARE,
    DIVISION,
    F32_TRANSCENDENTAL,
    LOGICAL,
    MANTISSA,
    NP,
    POWER,
    TL,
    UNARY_FLOAT,
    Array,
    Env,
    Node,
    Scalar,
    Shape,
    binary_float,
    binary_int,
    broadcast_shape,
    compute,
    is_float,
    leaf,
    mag,
    math_unit,
    rounded,
    to,
    transcendental,
    unit,
)


def shape_text(shape: Shape) -> str:
    return f"({shape[0]},)" if len(shape) == 1 else "(" + ", ".join(map(str, shape)) + ")"


def scalar(s: Scalar, dt: str) -> Node:
    """A Python scalar in an operation with a ``dt`` tile: weakly typed, it takes ``dt``."""
    value = np.asarray(s.value, dtype=NP[dt])
    return leaf("scalar", dt, (), abs(float(s.value)), s.text, lambda _c, _e: value)


def full(shape: Shape, value: float | int | bool, dt: str) -> Node:
    text = f"tl.full({shape_text(shape)}, {value!r}, {TL[dt]})"
    if value == 0 and dt != "bool" and isinstance(value, int):
        text = f"tl.zeros({shape_text(shape)}, {TL[dt]})"
    arr = np.full(shape, value, dtype=NP[dt])
    return leaf("full", dt, shape, abs(float(value)), text, lambda _c, _e: arr)


def arange(n: int, dt: str) -> Node:
    arr = np.arange(n, dtype=NP[dt])
    return leaf("arange", dt, (n,), float(n), f"tl.arange({n}, dtype={TL[dt]})", lambda _c, _e: arr)


def load(
    shape: Shape, dt: str, bound: float, text: str, source: str, index: Sequence[int | str]
) -> Node:
    """A tile read from input ``source`` (``"z"``: the output's initial values) at tile-space
    ``index`` (ints, or ``"i"``/``"j"``: the block's coordinates); zeros past the edge."""

    def ref(_c: Sequence[Array], env: Env) -> Array:
        arr = env.z_init if source == "z" else env.inputs[source]
        idx = [env.index[0 if v == "i" else 1] if isinstance(v, str) else v for v in index]
        out = np.zeros(shape, dtype=arr.dtype)
        starts = [k * s for k, s in zip(idx, shape, strict=True)]
        sl = tuple(
            slice(b, min(b + s, n)) for b, s, n in zip(starts, shape, arr.shape, strict=True)
        )
        part = arr[sl]
        out[tuple(slice(0, n) for n in part.shape)] = part
        return out

    return leaf("load", dt, shape, bound, text, ref)


# -- elementwise --------------------------------------------------------------------------------
FUNCS = ("maximum", "minimum")


def binary(op: str, a: Node, b: Node, result: str | None = None) -> Node:
    """``a op b`` (or ``tl.maximum(a, b)``) between nodes of one dtype (scalars included), or
    of two that promote to ``result`` (each operand converted to it exactly first)."""
    dt = result or a.dtype
    assert result is not None or b.dtype == dt, (a.dtype, b.dtype)
    mixed = result is not None
    shape = broadcast_shape(a.shape, b.shape)
    ba, bb, ea, eb = a.bound, b.bound, a.err, b.err
    if op in FUNCS:
        bound, err = max(ba, bb), max(ea, eb)
    elif op in "+-":
        bound = ba + bb
        err = ea + eb + rounded(dt, bound)
    elif op == "*":
        bound = ba * bb
        err = ea * bb + eb * ba + ea * eb + rounded(dt, bound)
    elif op == "/":  # b is guarded: |b| >= 0.5
        bound = 2 * ba
        err = 2 * ea + 4 * ba * eb + DIVISION * rounded(dt, bound)
    elif op == "//":  # exact operands, |b| >= 0.5 (floats) or 1 (ints)
        bound = 2 * ba + 1
        err = 0.0
    elif op == "%":
        bound = bb
        err = 0.0
    elif op == "**":  # a >= 0 and b a small non-negative int (ints); a**2, a**3 (floats)
        k = bb
        bound = max(ba, 1.0) ** k
        err = k * max(ba, 1.0) ** (k - 1) * ea + POWER * rounded(dt, bound) if is_float(dt) else 0.0
    elif op in ("&", "|", "^"):
        bound = 2.0 ** math.ceil(math.log2(max(ba, bb, 1.0) + 1)) if dt != "bool" else 1.0
        err = 0.0
    elif op == "<<":
        bound = ba * 2.0**bb
        err = 0.0
    elif op == ">>":
        bound = ba
        err = 0.0
    else:
        raise AssertionError(op)
    if not is_float(dt):
        err = 0.0

    def src(c: Sequence[str]) -> str:
        if op in FUNCS:
            return f"tl.{op}({c[0]}, {c[1]})"
        return f"({c[0]} {op} {c[1]})"

    def ref(v: Sequence[Array], _e: Env) -> Array:
        if mixed:
            wide = "f32" if is_float(dt) else dt
            v = [to(x, wide) for x in v]
        if dt == "bool":
            return LOGICAL[op](v[0], v[1])
        if is_float(dt):
            return binary_float(op, v[0], v[1], dt)
        return binary_int(op, v[0], v[1], dt)

    def errf(v: Sequence[Array], e: Sequence[Array], out: Array, _env: Env) -> Array:
        x, y, o = mag(v[0]), mag(v[1]), mag(out)
        ex, ey = e
        if op in FUNCS:
            return np.maximum(ex, ey)
        if op in "+-":
            return ex + ey + unit(dt) * o
        if op == "*":
            return np.asarray(ex * y + ey * x + ex * ey + unit(dt) * o)
        if op == "/":
            return np.asarray((ex + o * ey) / np.maximum(y - ey, 0.25) + DIVISION * unit(dt) * o)
        if op == "**":
            k = float(v[1])
            return k * (x + ex) ** max(k - 1, 0) * ex + POWER * unit(dt) * o
        return np.full(shape, err)

    node = Node(op, dt, shape, bound, err, (a, b), src, ref)
    node.errf = errf if is_float(dt) else None
    return node


def compare(op: str, a: Node, b: Node) -> Node:
    assert a.exact and b.exact and a.dtype == b.dtype
    shape = broadcast_shape(a.shape, b.shape)

    def ref(v: Sequence[Array], _e: Env) -> Array:
        return COMPARE[op](compute(v[0]), compute(v[1]))

    return Node(op, "bool", shape, 1.0, 0.0, (a, b), lambda c: f"({c[0]} {op} {c[1]})", ref)


def invert(a: Node) -> Node:
    """``~a``: logical not of a bool_ tile, bitwise not of an integer one."""

    def ref(v: Sequence[Array], _e: Env) -> Array:
        return np.logical_not(v[0]) if a.dtype == "bool" else to(np.invert(v[0]), a.dtype)

    bound = 1.0 if a.dtype == "bool" else a.bound + 1
    return Node("~", a.dtype, a.shape, bound, 0.0, (a,), lambda c: f"(~{c[0]})", ref)


def negate(a: Node) -> Node:
    def ref(v: Sequence[Array], _e: Env) -> Array:
        return to(-compute(v[0]), a.dtype)

    node = Node("neg", a.dtype, a.shape, a.bound, a.err, (a,), lambda c: f"(-{c[0]})", ref)
    node.errf = lambda _v, e, _o, _n: e[0]
    return node


COMPOSITE = 8.0  # roundings inside a composite (a @tr.function of several ops) in f16/bf16
ERF_APPROXIMATION = 3e-7  # tl.erf is Abramowitz and Stegun 7.1.26 (1.5e-7), numpy's is exact
_erf = np.vectorize(math.erf, otypes=[np.float64])
MORE_FLOAT: dict[str, Callable[[Array], Array]] = {
    "exp2": np.exp2,
    "log2": np.log2,
    "rsqrt": lambda x: 1.0 / np.sqrt(x),
    "sinh": np.sinh,
    "cosh": np.cosh,
    "softplus": lambda x: np.logaddexp(0.0, x),
    "erf": _erf,
    "log1p": np.log1p,
    "expm1": np.expm1,
}


def unary(fn: str, a: Node) -> Node:
    """``tl.<fn>(a)``: a float result (integer tiles compute in f32)."""
    dt = a.dtype if is_float(a.dtype) else "f32"
    ba, ea = a.bound, a.err
    if fn == "abs":
        dt, bound, err = a.dtype, ba, ea
    elif fn in ("floor", "ceil"):
        assert a.exact and is_float(a.dtype)
        bound, err = ba + 1, 0.0
    elif fn == "exp":
        bound = math.exp(ba)
        err = bound * ea + transcendental(dt, bound)
    elif fn == "log":  # the argument is |x| + 1 >= 1
        bound = math.log(ba) if ba > 1 else 1.0
        err = ea + transcendental(dt, max(bound, 1.0))
    elif fn == "sqrt":  # exact arguments, or |x| + 1 >= 1
        bound = math.sqrt(ba)
        err = 0.5 * ea + transcendental(dt, bound)
    elif fn in ("sin", "cos"):
        bound = 1.0
        err = ea + transcendental(dt, 1.0) + 16 * 2.0**-24 * ba  # argument reduction
    elif fn == "tanh":
        bound = min(ba, 1.0)
        err = ea + transcendental(dt, 1.0)
    elif fn == "sigmoid":  # 1 / (1 + exp(-x)): three roundings in dt
        bound = 1.0
        err = 0.25 * ea + transcendental(dt, 1.0) + 4 * rounded(dt, 1.0)
    elif fn in ("exp2", "sinh", "cosh", "expm1"):
        bound = 2.0**ba if fn == "exp2" else math.cosh(ba)
        err = bound * ea + transcendental(dt, bound) + COMPOSITE * rounded(dt, bound)
    elif fn in ("log2", "log1p"):  # arguments >= 1 (log2) or >= 0 (log1p)
        bound = max(math.log2(max(ba, 1.0)), 1.0)
        err = 1.5 * ea + transcendental(dt, bound) + COMPOSITE * rounded(dt, bound)
    elif fn == "rsqrt":  # the argument is |x| + 1 >= 1
        bound, err = 1.0, 0.5 * ea + transcendental(dt, 1.0)
    elif fn in ("softplus", "erf"):
        bound = ba + 1.0 if fn == "softplus" else 1.0
        err = 1.2 * ea + transcendental(dt, bound) + COMPOSITE * rounded(dt, max(bound, 1.0))
        err += ERF_APPROXIMATION if fn == "erf" else 0.0
    else:
        raise AssertionError(fn)

    def ref(v: Sequence[Array], _e: Env) -> Array:
        x = to(v[0], dt)
        if fn in MORE_FLOAT:
            return to(MORE_FLOAT[fn](compute(x).astype(np.float64)), dt)
        if fn == "sigmoid":
            e = to(np.exp(compute(to(-compute(x), dt))), dt)
            return to(np.float32(1.0) / compute(to(np.float32(1.0) + compute(e), dt)), dt)
        return to(UNARY_FLOAT[fn](compute(x)), dt)

    def errf(v: Sequence[Array], e: Sequence[Array], out: Array, _env: Env) -> Array:
        x, ex, o = mag(v[0]), e[0], mag(out)
        own = math_unit(dt) * o + F32_TRANSCENDENTAL * np.maximum(o, 1.0)
        if fn == "abs":
            return ex
        if fn == "exp":
            return o * np.expm1(np.minimum(ex, 50.0)) + o * (
                math_unit(dt) + F32_TRANSCENDENTAL * (1 + x)
            )
        if fn == "log":
            return np.asarray(ex / np.maximum(x - ex, 0.5) + own)
        if fn == "sqrt":
            root = np.sqrt(np.maximum(x - ex, 0.25))
            return np.asarray(0.5 * ex / root + math_unit(dt) * o + F32_TRANSCENDENTAL * o)
        if fn in ("sin", "cos"):
            return ex + own + F32_TRANSCENDENTAL * x
        if fn == "tanh":
            return ex + own
        if fn == "sigmoid":
            return 0.25 * ex + own + 4 * unit(dt)
        composite = COMPOSITE * unit(dt) * np.maximum(o, 1.0)
        if fn in ("exp2", "sinh", "cosh", "expm1"):
            slope = np.cosh(x + ex) * (math.log(2.0) * 2.0 if fn == "exp2" else 1.0)
            grow = o * np.expm1(np.minimum(ex, 50.0)) if fn == "exp2" else slope * ex
            return np.asarray(grow + own + F32_TRANSCENDENTAL * o * x + composite)
        if fn in ("log2", "log1p"):
            return np.asarray(
                1.5 * ex / np.maximum(x - ex + (fn == "log2") * 0.0, 0.5) + own + composite
            )
        if fn == "rsqrt":
            return np.asarray(0.5 * ex / np.maximum(x - ex, 0.25) ** 1.5 + own)
        if fn == "softplus":
            return np.asarray(ex + own + composite)
        if fn == "erf":
            return np.asarray(1.2 * ex + own + composite + ERF_APPROXIMATION)
        return np.full(a.shape, err)

    node = Node(fn, dt, a.shape, bound, err, (a,), lambda c: f"tl.{fn}({c[0]})", ref)
    node.errf = errf
    return node


def where(cond: Node, a: Node, b: Node) -> Node:
    assert cond.dtype == "bool" and a.dtype == b.dtype
    shape = broadcast_shape(cond.shape, broadcast_shape(a.shape, b.shape))

    def ref(v: Sequence[Array], _e: Env) -> Array:
        return to(np.where(v[0], v[1], v[2]), a.dtype)

    node = Node(
        "where",
        a.dtype,
        shape,
        max(a.bound, b.bound),
        max(a.err, b.err),
        (cond, a, b),
        lambda c: f"tl.where({c[0]}, {c[1]}, {c[2]})",
        ref,
    )
    node.errf = lambda v, e, _o, _n: np.where(v[0], e[1], e[2])
    return node


def astype(a: Node, dt: str) -> Node:
    """``tl.astype(a, dt)``: exact where the value is representable (callers keep float-to-int
    and anything-to-bool conversions to exact, in-range operands)."""
    src_dt, err, bound = a.dtype, a.err, a.bound
    if dt == "bool":
        assert a.exact
        bound = 1.0
    elif is_float(dt):
        representable = bound < 2.0 ** MANTISSA[dt] and (
            src_dt in ("bool", "i32", "i64")
            or (src_dt, dt) in (("f16", "f32"), ("bf16", "f32"), ("f32", "f32"))
        )
        if a.exact and src_dt in ("f16", "bf16", "f32") and dt in ("f16", "bf16"):
            representable = False  # narrowing: a rounding
        if not representable:
            err = err + rounded(dt, bound)
    else:
        assert a.exact
    rounds = err > a.err
    node = Node(
        "astype",
        dt,
        a.shape,
        bound,
        err,
        (a,),
        lambda c: f"tl.astype({c[0]}, {TL[dt]})",
        lambda v, _e: to(v[0], dt),
    )
    node.errf = lambda _v, e, o, _n: e[0] + (unit(dt) * mag(o) if rounds else 0.0)
    return node


# -- reductions and scans -----------------------------------------------------------------------
def reduce(fn: str, a: Node, axis: int | None, keepdims: bool) -> Node:
    """``tl.<fn>(a, axis=..., keepdims=...)`` for sum/max/min/argmax/argmin."""
    n = math.prod(a.shape) if axis is None else a.shape[axis]
    if axis is None:
        shape: Shape = tuple(1 for _ in a.shape) if keepdims else ()
    elif keepdims:
        shape = tuple(1 if k == axis else s for k, s in enumerate(a.shape))
    else:
        shape = tuple(s for k, s in enumerate(a.shape) if k != axis)
    dt, bound, err = a.dtype, a.bound, a.err
    if fn == "sum":
        dt = "i32" if dt == "bool" else dt
        bound = n * a.bound
        if is_float(dt):
            err = n * a.err + (n + 2) * 2.0**-24 * bound + rounded(dt, bound)
    elif fn in ("argmax", "argmin"):
        assert a.exact
        dt, bound, err = "i32", float(n), 0.0

    def ref(v: Sequence[Array], _e: Env) -> Array:
        x = compute(v[0]) if is_float(a.dtype) else v[0]
        if fn == "sum" and a.dtype == "bool":
            x = x.astype(np.int32)
        if fn == "sum":
            out = np.sum(x, axis=axis, keepdims=keepdims)
        elif fn == "max":
            out = np.max(x, axis=axis, keepdims=keepdims)
        elif fn == "min":
            out = np.min(x, axis=axis, keepdims=keepdims)
        else:
            arg = np.argmax if fn == "argmax" else np.argmin
            out = arg(x, axis=axis, keepdims=keepdims)
        return to(out, dt)

    args = []
    if axis is not None or keepdims:
        args.append(f"axis={axis}")
    if keepdims:
        args.append("keepdims=True")

    def src(c: Sequence[str]) -> str:
        return f"tl.{fn}({', '.join([c[0], *args])})"

    def errf(v: Sequence[Array], e: Sequence[Array], out: Array, _env: Env) -> Array:
        if fn in ("max", "min"):
            return np.asarray(np.max(e[0], axis=axis, keepdims=keepdims))
        total = np.sum(mag(v[0]), axis=axis, keepdims=keepdims)
        acc = np.sum(e[0], axis=axis, keepdims=keepdims)
        return acc + (n + 2) * 2.0**-24 * total + unit(dt) * mag(out)

    node = Node(fn, dt, shape, bound, err, (a,), src, ref)
    node.errf = errf
    return node


def cumsum(a: Node, axis: int, reverse: bool) -> Node:
    n = a.shape[axis]
    dt = "i32" if a.dtype == "bool" else a.dtype
    bound = n * a.bound
    err = n * a.err + (n + 2) * 2.0**-24 * bound + rounded(dt, bound) if is_float(dt) else 0.0

    def ref(v: Sequence[Array], _e: Env) -> Array:
        x = compute(v[0]) if is_float(a.dtype) else v[0].astype(NP[dt])
        if reverse:
            x = np.flip(x, axis)
        out = np.cumsum(x, axis=axis, dtype=x.dtype)
        if reverse:
            out = np.flip(out, axis)
        return to(out, dt)

    def src(c: Sequence[str]) -> str:
        return f"tl.cumsum({c[0]}, axis={axis}{', reverse=True' if reverse else ''})"

    def errf(v: Sequence[Array], e: Sequence[Array], out: Array, _env: Env) -> Array:
        x, ex = mag(v[0]), e[0]
        if reverse:
            x, ex = np.flip(x, axis), np.flip(ex, axis)
        total = np.cumsum(x, axis=axis) * (n + 2) * 2.0**-24 + np.cumsum(ex, axis=axis)
        return np.asarray((np.flip(total, axis) if reverse else total) + unit(dt) * mag(out))

    node = Node("cumsum", dt, a.shape, bound, err, (a,), src, ref)
    node.errf = errf
    return node


# -- shapes -------------------------------------------------------------------------------------
def shaped(kind: str, a: Node, shape: Shape, text: str, fn: Callable[[Array], Array]) -> Node:
    """A node that only moves ``a``'s elements: same dtype, bound and err."""
    f = fn

    def ref(v: Sequence[Array], _e: Env) -> Array:
        return np.asarray(f(v[0]))

    node = Node(kind, a.dtype, shape, a.bound, a.err, (a,), lambda c: text.format(c[0]), ref)
    node.moves = True
    return node


def reshape(a: Node, shape: Shape) -> Node:
    text = "tl.reshape({}, " + shape_text(shape) + ")"
    return shaped("reshape", a, shape, text, lambda x: np.reshape(x, shape))


def transpose(a: Node, form: int) -> Node:
    text = ["tl.transpose({})", "tl.permute({}, (1, 0))", "tl.transpose({}, 0, 1)"][form]
    return shaped("transpose", a, (a.shape[1], a.shape[0]), text, lambda x: np.transpose(x))


def broadcast_to(a: Node, shape: Shape) -> Node:
    text = "tl.broadcast_to({}, " + shape_text(shape) + ")"
    return shaped("broadcast_to", a, shape, text, lambda x: np.broadcast_to(x, shape))


def expand_dims(a: Node, axis: int, sugar: bool) -> Node:
    shape = (*a.shape[:axis], 1, *a.shape[axis:])
    if sugar:
        parts = [":"] * len(a.shape)
        parts.insert(axis, "None")
        text = "{}[" + ", ".join(parts) + "]"
    else:
        text = "tl.expand_dims({}, " + str(axis) + ")"
    return shaped("expand_dims", a, shape, text, lambda x: np.expand_dims(x, axis))


def piece(a: Node, axis: int, size: int, k: int, form: str, width_name: str = "") -> Node:
    """The ``k``-th piece of ``size`` along ``axis``: a constant slice ``t[:, a:b]`` (bounds
    literal, or a module constant / Const parameter ``width_name`` holding ``size``) or
    ``tl.extract``."""
    shape = tuple(size if d == axis else s for d, s in enumerate(a.shape))
    if form == "extract":
        index = tuple(k if d == axis else 0 for d in range(len(a.shape)))
        text = "tl.extract({}, " + shape_text(index) + ", " + shape_text(shape) + ")"
    else:
        if width_name:
            lo = f"{k} * {width_name}" if k else "0"
            bounds = f"{lo}:{k + 1} * {width_name}"
        else:
            bounds = f"{k * size}:{(k + 1) * size}"
        parts = [bounds if d == axis else ":" for d in range(len(a.shape))]
        text = "{}[" + ", ".join(parts) + "]"
    sl = tuple(
        slice(k * size, (k + 1) * size) if d == axis else slice(None) for d in range(len(a.shape))
    )
    return shaped("slice", a, shape, text.replace("{}[", "{}[", 1), lambda x: x[sl])


def cat(parts: Sequence[Node], axis: int, brackets: bool) -> Node:
    a = parts[0]
    shape = tuple(s * len(parts) if d == axis else s for d, s in enumerate(a.shape))
    open_, close = ("[", "]") if brackets else ("(", ")")

    def src(c: Sequence[str]) -> str:
        return f"tl.cat({open_}{', '.join(c)}{close}, axis={axis})"

    def ref(v: Sequence[Array], _e: Env) -> Array:
        return np.concatenate(list(v), axis=axis)

    return moving(
        Node(
            "cat",
            a.dtype,
            shape,
            max(p.bound for p in parts),
            max(p.err for p in parts),
            tuple(parts),
            src,
            ref,
        )
    )


def moving(node: Node) -> Node:
    node.moves = True
    return node


def binary_ref(op: str, a: Array, b: Array, dt: str) -> Array:
    """The reference of ``a op b`` in ``dt`` (for statement forms that have no node)."""
    if dt == "bool":
        return LOGICAL[op](a, b)
    return binary_float(op, a, b, dt) if is_float(dt) else binary_int(op, a, b, dt)
