"""The grammar: random expression trees over the kernel language, typed by dtype and tile
shape, with every operand guarded so both backends compute finite, meaningful values.

``Gen.tree(shape, dt, depth, exact)`` returns a node of that shape and dtype; ``exact`` asks for
a value every backend computes bit for bit (for the operands of discontinuous operations)."""

from __future__ import annotations

import math
from collections.abc import Callable

from tests.support.differential import ops
from tests.support.differential.choose import Chooser
from tests.support.differential.nodes import (
    COMPARE,
    FLOATS,
    INTS,
    LIMIT,
    MANTISSA,
    NP,
    Node,
    Scalar,
    Shape,
    is_float,
)
from tests.support.differential.statements import Context, Param, Statements, param_leaf

FLOAT_VALUES = (0.5, 1.5, 2.0, 0.25, -1.0, 3.0, -0.5, 1.0)
INT_VALUES = (1, 2, 3, -1, -2, 5, 7, -3)
MAX_ELEMENTS = 4096
MATH = (
    *("exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid", "exp", "exp2", "log2", "rsqrt"),
    *("sinh", "cosh", "softplus", "erf", "log1p", "expm1"),
)
COMPOSITES = ("sigmoid", "softplus", "erf", "log1p", "expm1")  # @tr.function helpers: floats
GROWING = ("exp", "exp2", "sinh", "cosh", "expm1")
REFUSED_PAIR = "f16 with bf16"  # cuTile's promotion refuses the pair: both backends must


def pow2(c: Chooser, lo: int, hi: int) -> int:
    return 1 << c.int(lo, hi)


class Gen(Statements):
    def __init__(self, c: Chooser, ctx: Context) -> None:
        self.c = c
        self.ctx = ctx

    # -- names and scalars ----------------------------------------------------------------------
    def fresh(self, prefix: str) -> str:
        taken = {p.name for p in self.ctx.params} | set(self.ctx.constants)
        taken |= {h[0] for h in self.ctx.helpers}
        n = 0
        while f"{prefix}{n}" in taken:
            n += 1
        return f"{prefix}{n}"

    def scalar_value(self, dt: str) -> Scalar:
        """A scalar for a ``dt`` operation: a literal, a module constant, a Const or a runtime
        parameter (inside a helper: a literal or a module constant)."""
        value: int | float = self.c.pick(FLOAT_VALUES if is_float(dt) else INT_VALUES)
        form = self.c.int(0, 9)
        in_helper = self.ctx.helper_args is not None
        if form < 5 or (in_helper and form >= 7):
            return Scalar(repr(value), value)
        kind = "float" if is_float(dt) else "int"
        if form == 9 and dt not in ("i32", "f32"):
            form = 8  # a runtime int or float is an i32 or f32 on the GPU: a Const instead
        if form < 7:
            name = self.fresh("K")
            self.ctx.constants[name] = value
        elif form < 9:
            name = self.fresh("c")
            self.ctx.params.append(Param(name, f"Const[{kind}]", value))
        else:
            name = self.fresh("s")
            self.ctx.params.append(Param(name, kind, value))
        return Scalar(name, value)

    def scalar(self, dt: str, nonzero_at_least: float = 0.0) -> Node:
        for _ in range(8):
            s = self.scalar_value(dt)
            if abs(s.value) >= nonzero_at_least:
                return ops.scalar(s, dt)
        return ops.scalar(Scalar("2", 2) if not is_float(dt) else Scalar("2.0", 2.0), dt)

    # -- leaves ---------------------------------------------------------------------------------
    def index_for(self, shape: Shape) -> tuple[tuple[int | str, ...], str]:
        first: tuple[int | str, ...] = ("i", "i", 0)
        if len(shape) == 1:
            idx: tuple[int | str, ...] = (self.c.pick(first),)
        else:
            second: tuple[int | str, ...] = ("j", "j", "i", 0)
            idx = (self.c.pick((*first, "j")), self.c.pick(second))
        text = "(" + ", ".join(map(str, idx)) + ("," if len(idx) == 1 else "") + ")"
        return idx, text

    def leaf(self, shape: Shape, dt: str, exact: bool = False) -> Node:
        ctx = self.ctx
        if ctx.helper_args is not None:
            fits = [(n, a) for n, a in ctx.helper_args if a.shape == shape and a.dtype == dt]
            fits = [(n, a) for n, a in fits if a.exact or not exact]
            if fits and self.c.chance(0.85):
                name, arg = self.c.pick(fits)
                return param_leaf(name, arg)
        loads = [n for n, d in ctx.inputs if d == dt]
        can_load = ctx.helper_args is None and len(shape) == ctx.rank
        if can_load and (loads or (dt == ctx.z_dtype and shape == ctx.tile)) and self.c.chance(0.8):
            return self.load(shape, dt, loads)
        if can_load and self.c.chance(0.5):
            others = [(n, d) for n, d in ctx.inputs if d in (*INTS, "bool") or is_float(dt)]
            others = [(n, d) for n, d in others if is_float(d) == is_float(dt) or d != "bool"]
            if others and dt != "bool":
                name, src_dt = self.c.pick(others)
                if not (dt in INTS and is_float(src_dt)):
                    node = ops.astype(self.load(shape, src_dt, [name]), dt)
                    if node.exact or not exact:
                        return node
        if len(shape) == 1 and dt in INTS and self.c.chance(0.5):
            return ops.arange(shape[0], dt)
        if dt == "bool":
            return ops.full(shape, self.c.chance(0.5), dt)
        value = self.c.pick(FLOAT_VALUES if is_float(dt) else INT_VALUES)
        return ops.full(shape, 0 if self.c.chance(0.15) and not is_float(dt) else value, dt)

    def load(self, shape: Shape, dt: str, names: list[str]) -> Node:
        ctx = self.ctx
        latency = f", latency={self.c.int(1, 10)}" if self.c.chance(0.1) else ""
        own = dt == ctx.z_dtype and shape == ctx.tile
        if own and (not names or self.c.chance(0.2)):
            idx: tuple[int | str, ...] = ("i",) if ctx.rank == 1 else ("i", "j")
            return ops.load(shape, dt, ctx.input_bound["z"], f"z.load({latency[2:]})", "z", idx)
        name = self.c.pick(names)
        bound = ctx.input_bound[name]
        if shape == ctx.tile and self.c.chance(0.5):
            idx = ("i",) if ctx.rank == 1 else ("i", "j")
            return ops.load(shape, dt, bound, f"tl.load_tile_like({name}, z{latency})", name, idx)
        idx, text = self.index_for(shape)
        src = f"{name}.load_tile({ops.shape_text(shape)}, {text}{latency})"
        return ops.load(shape, dt, bound, src, name, idx)

    # -- the tree -------------------------------------------------------------------------------
    def tree(self, shape: Shape, dt: str, depth: int, exact: bool = False) -> Node:
        if depth <= 0 or self.c.chance(0.12):
            return self.leaf(shape, dt, exact)
        productions = self.productions(shape, dt, exact)
        for _ in range(4):
            make = self.c.pick(productions)
            node = make(shape, dt, depth - 1, exact)
            if node is not None and self.fits(node, exact):
                if not node.leaf and node.block is None and self.c.chance(0.3):
                    node.inline = True
                return node
        return self.leaf(shape, dt, exact)

    def fits(self, node: Node, exact: bool) -> bool:
        if exact and not node.exact:
            return False
        if node.bound > LIMIT[node.dtype] or math.prod(node.shape) > MAX_ELEMENTS:
            return False
        return not (is_float(node.dtype) and node.err > 0.25 * max(node.bound, 1.0))

    def productions(self, shape: Shape, dt: str, exact: bool) -> list[Callable[..., Node | None]]:
        p: list[Callable[..., Node | None]] = [self.p_where, self.p_astype, self.p_shape]
        p += [self.p_shape, self.p_reduce, self.p_reduce]
        if dt != "bool":
            p += [self.p_minmax, self.p_negabs, self.p_cumsum, self.p_mixed]
        if is_float(dt):
            p += [self.p_floordiv, self.p_round]
            if not exact:
                p += [self.p_arith] * 4 + [self.p_math] * 5 + [self.p_power]
        elif dt in INTS:
            p += [self.p_arith] * 3 + [self.p_floordiv, self.p_bits, self.p_shift, self.p_power]
        else:
            p += [self.p_compare] * 4 + [self.p_logical] * 2
        if self.ctx.helper_args is None and self.ctx.blocks < 3:
            p += [self.p_if]
            if dt != "bool" and not exact:
                p += [self.p_loop, self.p_helper]
        return p

    def partner_shape(self, shape: Shape) -> Shape:
        """A shape that broadcasts against ``shape``: itself mostly, else some axes 1, a
        shorter rank, or 0-d."""
        r = self.c.int(0, 9)
        if r < 6 or not shape:
            return shape
        if r < 8:
            return tuple(1 if self.c.chance(0.5) else s for s in shape)
        if r < 9 and len(shape) == 2:
            return shape[1:]
        return ()

    def pair(self, shape: Shape, dt: str, depth: int, exact: bool) -> tuple[Node, Node]:
        a = self.tree(shape, dt, depth, exact)
        if self.c.chance(0.25) and dt != "bool":
            b = self.scalar(dt)
        else:
            b = self.tree(self.partner_shape(shape), dt, depth, exact)
        return (b, a) if self.c.chance(0.3) else (a, b)

    # -- productions ----------------------------------------------------------------------------
    def p_arith(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        a, b = self.pair(shape, dt, depth, exact)
        op = self.c.pick(("+", "-", "*", "*", "/") if is_float(dt) else ("+", "-", "*"))
        if op == "/":
            a = self.tree(shape, dt, depth)
            b = self.guard(self.tree(self.partner_shape(shape), dt, depth), dt, 0.5)
        node = ops.binary(op, a, b)
        node.pack = self.c.chance(0.5) and not a.leaf and not b.leaf
        return node

    def guard(self, b: Node, dt: str, least: float) -> Node:
        """``tl.maximum(tl.abs(b), least)``: a denominator never near 0 (exact if b is)."""
        return ops.binary(
            "maximum", ops.unary("abs", b), ops.scalar(Scalar(repr(least), least), dt)
        )

    def p_floordiv(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        a = self.tree(shape, dt, depth, exact=True)
        least: float = 0.5 if is_float(dt) else 1
        if self.c.chance(0.4):
            b = self.scalar(dt, nonzero_at_least=least)
        else:
            b = self.guard(self.tree(self.partner_shape(shape), dt, depth, exact=True), dt, least)
            if self.c.chance(0.3) and not is_float(dt):
                b = ops.negate(b)
        return ops.binary(self.c.pick(("//", "%")), a, b)

    def p_power(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        if not is_float(dt):
            return None  # the GPU has no integer power: both backends refuse it
        base = ops.unary("abs", self.tree(shape, dt, depth, exact))
        k = self.c.int(2, 3)
        return ops.binary("**", base, ops.scalar(Scalar(str(k), k), dt))

    def p_mixed(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        """An operation between operands of two dtypes: tiles that promote (f16 or bf16 with
        f32, f16 with bf16, i32 with i64, bool_ with anything), a float scalar with an integer
        tile (f32), an int scalar with a bool_ tile (i32), ``/`` of integer tiles (f32)."""
        c = self.c
        ops_ = ("maximum", "minimum") if exact else ("+", "-", "*", "maximum", "minimum")
        op = c.pick(ops_)
        if dt == "f32" and not exact and c.chance(0.3):
            src = c.pick(INTS)
            a = self.tree(shape, src, depth)
            if c.chance(0.5):
                b = self.guard(self.tree(self.partner_shape(shape), src, depth), src, 1)
                return ops.binary("/", a, b, "f32")
            s = self.scalar("f32")
            a, b = (a, s) if c.chance(0.6) else (s, a)
            return ops.binary(op, a, b, "f32")
        if dt == "i32" and c.chance(0.4):
            a = self.tree(shape, "bool", depth)
            s = self.scalar("i32")
            return ops.binary(c.pick(("+", "-", "*")), a, s, "i32")
        pairs = {
            "f32": [("f16", "f32"), ("bf16", "f32"), ("i32", "f32"), ("i64", "f32")],
            "f16": [("i32", "f16"), ("i64", "f16")],
            "bf16": [("i32", "bf16"), ("i64", "bf16")],
            "i64": [("i32", "i64")],
        }.get(dt, [])
        if dt != "bool" and (not pairs or c.chance(0.2)):
            pairs = [("bool", dt)]
        refused = dt == "f32" and c.chance(0.03)
        da, db = ("f16", "bf16") if refused else c.pick(pairs)
        if c.chance(0.5):
            da, db = db, da
        a = self.tree(shape, da, depth, exact)
        b = self.tree(self.partner_shape(shape), db, depth, exact)
        if "bool" in (da, db) and op in ("maximum", "minimum"):
            op = "+"
            if exact:
                return None
        if is_float(dt) and any(x.dtype in INTS and x.bound >= 2.0 ** MANTISSA[dt] for x in (a, b)):
            return None  # an integer the float cannot hold: the order of conversions shows
        node = ops.binary(op, a, b, dt)
        if refused:
            node.kind = REFUSED_PAIR  # a refusal on purpose: see program.expected_refusal
        return node

    def p_minmax(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        a, b = self.pair(shape, dt, depth, exact)
        node = ops.binary(self.c.pick(("maximum", "minimum")), a, b)
        node.pack = self.c.chance(0.5) and not a.leaf and not b.leaf
        return node

    def p_negabs(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        a = self.tree(shape, dt, depth, exact)
        if dt in INTS and self.c.chance(0.3):
            return ops.invert(a)
        return ops.negate(a) if self.c.chance(0.5) else ops.unary("abs", a)

    def p_round(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        return ops.unary(self.c.pick(("floor", "ceil")), self.tree(shape, dt, depth, exact=True))

    def p_math(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        src_dt = dt if dt != "f32" or self.c.chance(0.8) else self.c.pick(INTS)
        a = self.tree(shape, src_dt, depth)
        fn = self.c.pick(MATH)
        if fn in COMPOSITES and not is_float(src_dt):
            fn = "tanh"
        if fn in GROWING and a.bound > (8.0 if dt == "f16" else 15.0):
            a = ops.unary("tanh", a) if is_float(src_dt) else ops.unary("sin", a)
        if fn in ("sin", "cos") and a.bound > 64:
            return None
        if fn == "log1p":
            a = ops.unary("abs", a)
        if fn in ("log", "log2", "rsqrt") or (fn == "sqrt" and not a.exact):
            one = ops.scalar(Scalar("1.0", 1.0) if is_float(src_dt) else Scalar("1", 1), src_dt)
            a = ops.binary("+", ops.unary("abs", a), one)
        elif fn == "sqrt":
            a = ops.unary("abs", a)
        return ops.unary(fn, a)

    def p_where(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        cond = self.tree(self.partner_shape(shape), "bool", depth)
        a, b = self.pair(shape, dt, depth, exact)
        return ops.where(cond, a, b)

    def p_compare(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        src_dt = self.c.pick((*FLOATS, *INTS, *INTS))
        a, b = self.pair(shape, src_dt, depth, exact=True)
        if a.shape != shape and b.shape != shape:
            return None
        return ops.compare(self.c.pick(tuple(COMPARE)), a, b)

    def p_logical(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        if self.c.chance(0.25):
            return ops.invert(self.tree(shape, "bool", depth))
        a = self.tree(shape, "bool", depth)
        b = self.tree(self.partner_shape(shape), "bool", depth)
        return ops.binary(self.c.pick(("&", "|", "^")), a, b)

    def p_bits(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        a, b = self.pair(shape, dt, depth, exact)
        return ops.binary(self.c.pick(("&", "|", "^")), a, b)

    def p_shift(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        a = self.tree(shape, dt, depth)
        if self.c.chance(0.5):
            k = self.c.int(0, 6)
            s = ops.scalar(Scalar(str(k), k), dt)
        else:
            b = ops.unary("abs", self.tree(self.partner_shape(shape), dt, depth))
            s = ops.binary("%", b, ops.scalar(Scalar("8", 8), dt))
        return ops.binary(self.c.pick(("<<", ">>")), a, s)

    def p_astype(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        src_dt = self.c.pick(tuple(d for d in NP if d != dt))
        need_exact = exact or dt == "bool" or (dt in INTS and src_dt not in INTS)
        a = self.tree(shape, src_dt, depth, exact=need_exact or src_dt == "bool")
        if dt in INTS and a.bound >= 2.0**30:
            return None
        if dt in FLOATS and a.bound >= LIMIT[dt]:
            return None
        return ops.astype(a, dt)

    def p_reduce(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        """A reduction whose result has ``shape``: over an axis of ``shape`` that is 1 (kept),
        over an axis that is dropped (then expanded, or the tile is 0-d), or of the whole."""
        c = self.c
        fn = c.pick(("sum", "max", "min", "argmax", "argmin", "sum"))
        if fn.startswith("arg"):
            if dt != "i32":
                return None
            src_dt = c.pick((*FLOATS, "i32", "i64"))
        elif fn == "sum" and dt == "i32" and c.chance(0.2):
            src_dt = "bool"
        elif dt == "bool":
            return None
        else:
            src_dt = dt
        ones = [k for k, s in enumerate(shape) if s == 1]
        n = pow2(c, 1, 4)
        need_exact = exact or fn.startswith("arg")
        if ones and c.chance(0.6):
            axis = c.pick(ones)
            child = tuple(n if k == axis else s for k, s in enumerate(shape))
            if c.chance(0.2) and len(shape) == 2 and fn in ("max", "min", "sum"):
                inner = self.tree((n * shape[1 - axis],), src_dt, depth, need_exact)
                node = ops.reshape(ops.reduce(fn, inner, None, keepdims=True), (1, 1))
                return ops.broadcast_to(node, shape) if node.shape != shape else node
            return ops.reduce(fn, self.tree(child, src_dt, depth, need_exact), axis, True)
        if len(shape) >= 2 or (shape and c.chance(0.5)):
            if not shape:
                return None
            axis = c.int(0, len(shape) - 1)
            child = tuple(n if k == axis else s for k, s in enumerate(shape))
            inner = self.tree(child, src_dt, depth, need_exact)
            form = c.int(0, 4)
            if form == 0:  # the whole tile: a 0-d result, broadcast
                kept = ops.reduce(fn, inner, None, False)
            elif form == 1:  # the axis dropped, then put back
                kept = ops.expand_dims(ops.reduce(fn, inner, axis, False), axis, c.chance(0.5))
            else:
                kept = ops.reduce(fn, inner, axis, True)
            if fn.startswith("arg") or c.chance(0.4) or dt == "bool":
                return ops.broadcast_to(kept, shape)
            op = c.pick(("+", "-", "maximum", "minimum", "*"))
            return ops.binary(op, self.tree(shape, dt, depth, exact), kept)
        axis = c.int(0, len(shape))
        child = (*shape[:axis], n, *shape[axis:])
        return ops.reduce(fn, self.tree(child, src_dt, depth, need_exact), axis, False)

    def p_cumsum(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        if not shape:
            return None
        src_dt = "bool" if dt == "i32" and self.c.chance(0.2) else dt
        a = self.tree(shape, src_dt, depth, exact)
        return ops.cumsum(a, self.c.int(0, len(shape) - 1), self.c.chance(0.3))

    def p_shape(self, shape: Shape, dt: str, depth: int, exact: bool) -> Node | None:
        c = self.c
        kind = c.pick(("transpose", "reshape", "piece", "piece", "cat", "broadcast", "expand"))
        rank = len(shape)
        child: Shape
        if kind == "transpose" and rank == 2:
            child = (shape[1], shape[0])
            return ops.transpose(self.tree(child, dt, depth, exact), c.int(0, 2))
        if kind == "reshape" and shape:
            size = math.prod(shape)
            if c.chance(0.5) or size < 2:
                child = (size,)
            else:
                first = pow2(c, 0, int(math.log2(size)))
                child = (first, size // first)
            if child == shape:
                return None
            return ops.reshape(self.tree(child, dt, depth, exact), shape)
        if kind == "piece" and shape:
            axis = c.int(0, rank - 1)
            m = c.pick((2, 2, 4))
            child = tuple(s * m if d == axis else s for d, s in enumerate(shape))
            form = c.pick(("slice", "slice", "extract"))
            width = ""
            if form == "slice" and c.chance(0.3) and self.ctx.helper_args is None:
                width = self.fresh(c.pick(("W", "w")))
                if width.startswith("W"):
                    self.ctx.constants[width] = shape[axis]
                else:
                    self.ctx.params.append(Param(width, "Const[int]", shape[axis]))
            node = self.tree(child, dt, depth, exact)
            return ops.piece(node, axis, shape[axis], c.int(0, m - 1), form, width)
        if kind == "cat" and shape:
            axis = c.int(0, rank - 1)
            m = c.pick((2, 2, 4))
            if shape[axis] % m:
                return None
            child = tuple(s // m if d == axis else s for d, s in enumerate(shape))
            parts = [self.tree(child, dt, max(depth - 1, 0), exact) for _ in range(m)]
            return ops.cat(parts, axis, c.chance(0.5))
        if kind == "broadcast" and any(s > 1 for s in shape):
            child = tuple(1 if c.chance(0.5) else s for s in shape)
            if child == shape:
                child = tuple(1 for _ in shape)
            return ops.broadcast_to(self.tree(child, dt, depth, exact), shape)
        if kind == "expand" and 1 in shape:
            axis = shape.index(1)
            inner = shape[:axis] + shape[axis + 1 :]
            return ops.expand_dims(self.tree(inner, dt, depth, exact), axis, c.chance(0.5))
        return None
