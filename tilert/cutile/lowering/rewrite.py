"""The expression pass: rewrites one function body's tl calls, Mutable and Shared loads and
stores, dtypes and ``@tr.function`` calls into cuTile (``ct.*``) expressions. A Mutable ``z`` is
an array plus its tile-shape constants ``z__t0..``, so ``z.load()`` becomes a ``ct.load`` of the
block's own tile and ``z.store(t)`` a ``ct.store`` that converts to ``z``'s dtype."""

from __future__ import annotations

import ast

from tilert._core.function import DeviceFunction
from tilert.cutile.lowering.constness import CONVERSIONS, is_run_time
from tilert.cutile.lowering.context import Context, fail
from tilert.cutile.lowering.names import (
    CT_DTYPES,
    MEMORY_KEYWORDS,
    SAME_NAME_OPS,
    UNSAFE_SAME_NAME,
)
from tilert.cutile.lowering.nodes import (
    attr_chain,
    call,
    constant,
    ct,
    is_none,
    tuple_,
    zero_pad,
)
from tilert.cutile.lowering.specs import tile_params
from tilert.dtypes import is_dtype
from tilert.errors import KernelError
from tilert.signature import ParamKind


def _full(k: ast.expr) -> bool:
    """``:``: a slice without bounds or step."""
    return isinstance(k, ast.Slice) and k.lower is None and k.upper is None and k.step is None


class Rewriter(ast.NodeTransformer):
    """Rewrites one function body's expressions into cuTile calls."""

    def __init__(self, cx: Context) -> None:
        self.cx = cx
        self.checks: list[str] = []  # ``ct.static_assert`` lines the emitter writes first

    # -- helpers ------------------------------------------------------------------------------
    def err(self, node: ast.AST, message: str) -> KernelError:
        return fail(self.cx.path, getattr(node, "lineno", 1) + self.cx.line_offset, message)

    def _kind(self, node: ast.expr) -> ParamKind | None:
        if isinstance(node, ast.Name) and node.id in self.cx.params:
            return self.cx.params[node.id].kind
        return None

    def _index(self, name: str) -> ast.expr:
        spec = self.cx.mutables[name]
        if spec.mapped:
            return tuple_([call(ct("bid"), [ast.Constant(0)])])
        return tuple_([call(ct("bid"), [ast.Constant(i)]) for i in range(spec.rank)])

    def _tile_shape(self, name: str) -> ast.expr:
        return tuple_(
            [ast.Name(n, ast.Load()) for n in tile_params(name, self.cx.mutables[name].rank)]
        )

    def _at(self, node: ast.Call, name: str, position: int) -> ast.expr:
        """The tile a Mutable call names: ``at=`` (keyword, or positional at ``position``),
        else the block's own."""
        for kw in node.keywords:
            if kw.arg == "at":
                at: ast.expr = self.visit(kw.value)
                return at
        if len(node.args) > position and not is_none(node.args[position]):
            positional: ast.expr = self.visit(node.args[position])
            return positional
        if self.cx.mutables[name].mapped:
            raise self.err(node, f"`{name}` is mapped: use `at=idx` with idx from `{name}.tiles()`")
        return self._index(name)

    def _load(
        self, array: str, index: ast.expr, shape: ast.expr, latency: ast.expr | None = None
    ) -> ast.expr:
        hints = {} if latency is None else {"latency": latency}  # ct.load's DRAM-traffic hint
        return call(
            ct("load"),
            [ast.Name(array, ast.Load())],
            index=index,
            shape=shape,
            padding_mode=zero_pad(),
            **hints,
        )

    def _latency(self, node: ast.Call, position: int) -> ast.expr | None:
        """The ``latency=`` hint of a load call (keyword, or positional at ``position``)."""
        for kw in node.keywords:
            if kw.arg == "latency":
                found: ast.expr = self.visit(kw.value)
                return found
        if len(node.args) > position:
            positional: ast.expr = self.visit(node.args[position])
            return positional
        return None

    def _store(self, array: ast.expr, index: ast.expr, tile: ast.expr) -> ast.expr:
        if not isinstance(tile, ast.Constant):  # as the interpreter: stores convert to the dtype
            dtype = ast.Attribute(value=array, attr="dtype", ctx=ast.Load())
            tile = call(ct("astype"), [tile, dtype])
        return call(ct("store"), [array], index=index, tile=tile)

    def _cat(self, node: ast.Call, tiles: ast.expr, axis: ast.expr) -> ast.expr:
        """``tl.cat`` of a literal list or tuple of 2, 4, 8... tiles as nested pairs: cuTile's
        ``cat`` joins a tuple of two equal tiles (the interpreter checks the shapes)."""
        if not isinstance(tiles, (ast.List, ast.Tuple)):
            return call(ct("cat"), [tiles], axis=axis)
        parts = list(tiles.elts)
        if not parts or len(parts) & (len(parts) - 1):
            raise self.err(node, f"tl.cat joins 1, 2, 4, 8... tiles, got {len(parts)}")
        while len(parts) > 1:
            pairs = zip(parts[0::2], parts[1::2], strict=True)
            parts = [call(ct("cat"), [tuple_([a, b])], axis=axis) for a, b in pairs]
        return parts[0]

    # -- names and attributes -----------------------------------------------------------------
    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id in self.cx.params or not isinstance(node.ctx, ast.Load):
            return node
        obj = self.cx.resolver.lookup([node.id])
        if is_dtype(obj):
            return ct(CT_DTYPES[obj.name])
        if node.id not in self.cx.local_names:
            helper = self._helper([node.id])  # a @tr.function passed as a value (tl.reduce)
            if helper is not None:
                return ast.copy_location(ast.Name(f"_tilert_fn_{helper.name}", ast.Load()), node)
            literal = constant(obj)
            if literal is not None:
                return ast.copy_location(literal, node)
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        """``~x`` as ``ct.bitwise_not(x)``: cuTile refuses the operator on a constant bool
        (``~tl.full((), False, tl.bool_)``), which the interpreter, like Python, computes."""
        self.generic_visit(node)
        if isinstance(node.op, ast.Invert):
            return ast.copy_location(call(ct("bitwise_not"), [node.operand]), node)
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.expr:
        base = node.value
        kind = self._kind(base)
        if kind is ParamKind.MUTABLE and isinstance(base, ast.Name):
            if node.attr == "index":
                return self._index(base.id)
            if node.attr == "tile_shape":
                return self._tile_shape(base.id)
            if node.attr in ("shape", "dtype"):
                return node
            raise self.err(node, f"`{base.id}.{node.attr}` has no cuTile lowering")
        if kind is ParamKind.SHARED and isinstance(base, ast.Name):
            if node.attr in ("shape", "dtype"):
                return node
            raise self.err(node, f"`{base.id}.{node.attr}` has no cuTile lowering")
        parts = attr_chain(node)
        if parts is not None and parts[0] not in self.cx.params:
            obj = self.cx.resolver.lookup(parts)
            if is_dtype(obj):
                return ct(CT_DTYPES[obj.name])
            helper = self._helper(parts)  # a @tr.function passed as a value (tl.reduce)
            if helper is not None:
                return ast.copy_location(ast.Name(f"_tilert_fn_{helper.name}", ast.Load()), node)
        self.generic_visit(node)
        return node

    # -- constant slices ----------------------------------------------------------------------
    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        """``t[:, a:b]`` with constant bounds as ``ct.extract`` (the interpreter's ``tl.extract``
        semantics); ``None`` and ``:`` alone stay as they are."""
        keys = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if not any(isinstance(k, ast.Slice) and not _full(k) for k in keys):
            self.generic_visit(node)
            return node
        if any(not isinstance(k, ast.Slice) and not is_none(k) for k in keys):
            raise self.err(node, "a sliced tile takes only `:`, `a:b` and None")
        base: ast.expr = self.visit(node.value)
        index: list[ast.expr] = []
        shape: list[ast.expr] = []
        for axis, k in enumerate(k for k in keys if isinstance(k, ast.Slice)):
            if _full(k):
                index.append(ast.Constant(0))
                shape.append(ast.parse(f"({ast.unparse(base)}).shape[{axis}]", mode="eval").body)
                continue
            start, stop = self._bound(node, k.lower, axis), self._bound(node, k.upper, axis)
            if k.step is not None:
                raise self.err(node, f"tile slices take no step (axis {axis})")
            i, n = self._aligned(node, start, stop, axis)
            index.append(i)
            shape.append(n)
        out: ast.expr = call(ct("extract"), [base], index=tuple_(index), shape=tuple_(shape))
        if any(is_none(k) for k in keys):  # new axes, inserted after the extract
            rest = [k if is_none(k) else ast.Slice() for k in keys]
            out = ast.Subscript(value=out, slice=tuple_(rest), ctx=ast.Load())
        return out

    def _bound(self, node: ast.AST, bound: ast.expr | None, axis: int) -> ast.expr:
        """A slice bound: ints, Const parameters and module constants, and arithmetic on them
        (what the compiler knows); anything else is refused."""
        if bound is None:
            raise self.err(
                node, f"a tile slice gives both bounds, `a:b`, or none, `:` (axis {axis})"
            )
        value: ast.expr = self.visit(bound)
        for sub in ast.walk(value):
            if isinstance(sub, ast.Name) and self._kind(sub) is ParamKind.CONST:
                continue
            if isinstance(sub, ast.Constant) and type(sub.value) is int:
                continue
            if isinstance(sub, (ast.BinOp, ast.UnaryOp, ast.operator, ast.unaryop, ast.Load)):
                continue
            raise self.err(
                node,
                f"tile slice bound `{ast.unparse(bound)}` (axis {axis}) is not a constant: use "
                "literals, module constants and Const parameters",
            )
        return value

    def _aligned(
        self, node: ast.AST, start: ast.expr, stop: ast.expr, axis: int
    ) -> tuple[ast.expr, ast.expr]:
        """``extract``'s tile-space index and length for ``start:stop``: checked here when both
        are literals, else by ``ct.static_assert`` lines when the kernel compiles."""
        rule = "the length must be a power of two and the start a non-negative multiple of it"
        a_value = start.value if isinstance(start, ast.Constant) else None
        b_value = stop.value if isinstance(stop, ast.Constant) else None
        if isinstance(a_value, int) and isinstance(b_value, int):
            a, b = a_value, b_value
            n = b - a
            if n <= 0 or n & (n - 1) or a % n or a < 0:
                raise self.err(node, f"slice {a}:{b} of axis {axis}: {rule}")
            return ast.Constant(a // n), ast.Constant(n)
        a_src, b_src = ast.unparse(start), ast.unparse(stop)
        n_src = f"(({b_src}) - ({a_src}))"
        line = getattr(node, "lineno", 1) + self.cx.line_offset
        message = f"{self.cx.path}:{line}: slice {a_src}:{b_src} of axis {axis}: {rule}"
        self.checks.append(
            f"ct.static_assert({n_src} > 0 and ({n_src} & ({n_src} - 1)) == 0 and "
            f"({a_src}) >= 0 and ({a_src}) % {n_src} == 0, {message!r})"
        )
        index: ast.expr = ast.parse(f"({a_src}) // {n_src}", mode="eval").body
        length: ast.expr = ast.parse(n_src, mode="eval").body
        return index, length

    # -- calls --------------------------------------------------------------------------------
    def visit_Call(self, node: ast.Call) -> ast.expr:
        func = node.func
        converted = self._conversion(node)
        if converted is not None:
            return converted
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            owner, method = func.value.id, func.attr
            kind = self._kind(func.value)
            if kind is ParamKind.MUTABLE:
                return self._mutable_call(node, owner, method)
            if kind is ParamKind.SHARED:
                if method == "load_tile":
                    args = [self.visit(a) for a in node.args]
                    kw = {k.arg: self.visit(k.value) for k in node.keywords if k.arg}
                    shape = args[0] if args else kw["shape"]
                    index = args[1] if len(args) > 1 else kw["index"]
                    return self._load(owner, index, shape, self._latency(node, 2))
                raise self.err(node, f"`{owner}.{method}()` has no cuTile lowering (Shared)")
        parts = attr_chain(func)
        if parts is not None and parts[0] not in self.cx.params:
            helper = self._helper(parts)
            if helper is not None:
                node.func = ast.Name(f"_tilert_fn_{helper.name}", ast.Load())
                node.args = [self.visit(a) for a in node.args]
                node.keywords = [ast.keyword(k.arg, self.visit(k.value)) for k in node.keywords]
                return node
            op = self.cx.resolver.tilert_name(parts)
            if op is not None:
                return self._tl_call(node, op)
        self.generic_visit(node)
        return node

    def _conversion(self, node: ast.Call) -> ast.expr | None:
        """``float(x)``/``int(x)``/``bool(x)`` of a value known only when the kernel runs as
        ``ct.astype`` (cuTile's builtins take constants only; ``constness``)."""
        func = node.func
        if not (
            isinstance(func, ast.Name)
            and func.id in CONVERSIONS
            and func.id not in self.cx.local_names
            and func.id not in self.cx.params
            and len(node.args) == 1
            and not node.keywords
            and self.cx.resolver.lookup([func.id]) in (None, float, int, bool)
        ):
            return None
        value = node.args[0]
        if not is_run_time(value, self.cx.params, self.cx.run_time_locals):
            return None
        dtype = ct(CONVERSIONS[func.id])
        return ast.copy_location(call(ct("astype"), [self.visit(value), dtype]), node)

    def _memory_keyword(self, node: ast.Call, keyword: ast.keyword) -> ast.keyword:
        """An atomic's ``order="relaxed"`` as ``memory_order=ct.MemoryOrder.RELAXED`` (and
        ``scope=`` alike); other keywords as they are. The value must be a string literal:
        cuTile takes the enum as a compile-time constant (tilecheck refuses anything else
        at decoration, so this is only a backstop)."""
        if keyword.arg not in MEMORY_KEYWORDS:
            return keyword
        name, enum = MEMORY_KEYWORDS[keyword.arg]
        value = keyword.value
        if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
            raise self.err(node, f"`{keyword.arg}=` of an atomic must be a string literal")
        member = ast.Attribute(value=ct(enum), attr=value.value.upper(), ctx=ast.Load())
        return ast.keyword(name, member)

    def _helper(self, parts: list[str]) -> DeviceFunction | None:
        """The ``@tr.function`` a call names, recorded so that it is lowered too."""
        obj = self.cx.resolver.lookup(parts)
        if isinstance(obj, DeviceFunction):
            self.cx.helpers[obj.name] = obj
            return obj
        return None

    def _mutable_call(self, node: ast.Call, name: str, method: str) -> ast.expr:
        array = ast.Name(name, ast.Load())
        if method == "load":
            latency = self._latency(node, 1)
            return self._load(name, self._at(node, name, 0), self._tile_shape(name), latency)
        if method == "store":
            if not node.args:
                raise self.err(node, f"`{name}.store()` needs a tile")
            return self._store(array, self._at(node, name, 1), self.visit(node.args[0]))
        if method == "tiles":
            raise self.err(
                node, f"`{name}.tiles()` is lowered only as `for idx in {name}.tiles():`"
            )
        raise self.err(node, f"`{name}.{method}()` has no cuTile lowering")

    def _tl_call(self, node: ast.Call, op: str) -> ast.expr:
        args = [self.visit(a) for a in node.args]
        keywords = [ast.keyword(k.arg, self.visit(k.value)) for k in node.keywords]
        kw = {k.arg: k.value for k in keywords if k.arg}
        if op == "load_tile_like":
            x, z = node.args[0], node.args[1]
            if not (self._kind(x) is ParamKind.SHARED or self._kind(x) is ParamKind.MUTABLE):
                raise self.err(node, "load_tile_like needs a tensor parameter first")
            if not (isinstance(z, ast.Name) and z.id in self.cx.mutables):
                raise self.err(node, "load_tile_like needs a Mutable parameter second")
            assert isinstance(x, ast.Name)
            latency = self._latency(node, 3)
            return self._load(x.id, self._at(node, z.id, 2), self._tile_shape(z.id), latency)
        if op == "arange":
            dtype = kw.pop("dtype", args[1] if len(args) > 1 else ct("int32"))
            return call(ct("arange"), args[:1], dtype=dtype)
        if op == "cat":
            axis = kw.pop("axis", args[1] if len(args) > 1 else ast.Constant(0))
            return self._cat(node, args[0], axis)
        if op == "unsafe.store":
            target = args[0] if args else kw["tensor"]
            index = args[1] if len(args) > 1 else kw["index"]
            tile = args[2] if len(args) > 2 else kw["tile"]
            return self._store(target, index, tile)
        if op.startswith("unsafe.atomic_"):
            keywords = [self._memory_keyword(node, k) for k in keywords]
        if op.startswith("unsafe.") and op[7:] in UNSAFE_SAME_NAME:
            return ast.Call(func=ct(op[7:]), args=args, keywords=keywords)
        if op in SAME_NAME_OPS:
            return ast.Call(func=ct(op), args=args, keywords=keywords)
        raise self.err(node, f"`tl.{op}` has no cuTile lowering")
