"""Lower a validated kernel to cuTile Python source (``import cuda.tile as ct``).

The kernel's own AST is rewritten op for op: a Mutable ``z`` with a rank-R tile becomes the
array ``z`` plus ``ct.Constant[int]`` parameters ``z__t0 .. z__t{R-1}`` (its tile shape), so one
source serves every tile shape and cuTile specializes on the constants. Every statement of the
output remembers its line in the user's file, so a compiler error points at the user's code.
This module needs no GPU: it only writes text."""

from __future__ import annotations

import ast
import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tilert.cutile.aliases import resolve_mutable_aliases
from tilert.dtypes import DType, is_dtype
from tilert.errors import KernelError
from tilert.signature import Param, ParamKind
from tilert.validation import kernel_source

CT_DTYPES = {
    "f16": "float16",
    "bf16": "bfloat16",
    "f32": "float32",
    "f64": "float64",
    "i8": "int8",
    "i16": "int16",
    "i32": "int32",
    "i64": "int64",
    "u8": "uint8",
    "bool_": "bool_",
}

# tl.X -> ct.X, same positional meaning
SAME_NAME_OPS = frozenset(
    """zeros ones full astype where exp exp2 log log2 sqrt rsqrt sin cos tan tanh sinh cosh abs
    maximum minimum sum max min prod argmax argmin cumsum cumprod mma matmul reshape permute
    transpose broadcast_to expand_dims bid num_blocks cdiv printf floor ceil pow isnan
    atan2""".split()
)
UNSAFE_ATOMICS = frozenset({"atomic_add", "atomic_max", "atomic_min", "atomic_xchg"})
ZERO_PAD = "ct.PaddingMode.ZERO"


@dataclass(frozen=True)
class MutableSpec:
    """What the generated code depends on for one Mutable parameter."""

    rank: int
    mapped: bool = False


@dataclass(frozen=True)
class Lowered:
    """Generated source plus what the launcher and the error mapper need."""

    source: str
    entry: str  # name of the ct.kernel in the generated module
    path: str  # the user's file
    line_map: Mapping[int, int]  # generated line -> user line
    helpers: tuple[str, ...] = ()

    def user_line(self, generated_line: int) -> int | None:
        """The user's line for a generated line (the nearest mapped line at or above it)."""
        known = [g for g in self.line_map if g <= generated_line]
        return self.line_map[max(known)] if known else None


def tile_params(name: str, rank: int) -> list[str]:
    return [f"{name}__t{i}" for i in range(rank)]


def _fail(path: str, line: int, message: str) -> KernelError:
    return KernelError(f"{path}:{line}: cannot lower to cuTile: {message}")


def _attr_chain(node: ast.expr) -> list[str] | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return None


def _ct(attr: str) -> ast.expr:
    return ast.Attribute(value=ast.Name("ct", ast.Load()), attr=attr, ctx=ast.Load())


def _call(func: ast.expr, args: Sequence[ast.expr], **kw: ast.expr) -> ast.Call:
    return ast.Call(func=func, args=list(args), keywords=[ast.keyword(k, v) for k, v in kw.items()])


def _tuple(elts: Sequence[ast.expr]) -> ast.Tuple:
    return ast.Tuple(elts=list(elts), ctx=ast.Load())


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _pad() -> ast.expr:
    expr: ast.expr = ast.parse(ZERO_PAD, mode="eval").body
    return expr


class _Resolver:
    """What a dotted name in the kernel means, looked up in the kernel's module globals."""

    def __init__(self, namespace: Mapping[str, Any]) -> None:
        self.ns = namespace

    def lookup(self, parts: list[str]) -> Any:
        import builtins

        head, *rest = parts
        if head in self.ns:
            obj = self.ns[head]
        elif hasattr(builtins, head):
            obj = getattr(builtins, head)
        else:
            return None
        for p in rest:
            obj = getattr(obj, p, None)
            if obj is None:
                return None
        return obj

    def tilert_name(self, parts: list[str]) -> str | None:
        """``exp`` for ``tl.exp`` / ``tilert.lang.exp`` / an imported ``exp``; ``unsafe.store``
        for ``tl.unsafe.store``; None for anything that is not tilert's."""
        obj = self.lookup(parts[:1])
        if isinstance(obj, types.ModuleType) and obj.__name__.startswith("tilert"):
            rest = parts[1:]
            if obj.__name__ == "tilert.lang.unsafe" or obj.__name__.endswith(".unsafe"):
                return "unsafe." + ".".join(rest)
            return ".".join(rest) if rest else None
        if len(parts) == 1 and obj is not None:
            module = getattr(obj, "__module__", "") or ""
            if module.startswith("tilert") and not is_dtype(obj):
                return str(getattr(obj, "__name__", parts[0]))
        return None


@dataclass
class _Context:
    path: str
    line_offset: int  # user line = node.lineno + line_offset
    params: dict[str, Param]
    mutables: dict[str, MutableSpec]
    resolver: _Resolver
    helpers: dict[str, Any] = field(default_factory=dict)  # name -> DeviceFunction
    mapped_loop_vars: dict[str, str] = field(default_factory=dict)


class _Rewriter(ast.NodeTransformer):
    """Rewrites one function body's expressions into cuTile calls."""

    def __init__(self, cx: _Context) -> None:
        self.cx = cx

    # -- helpers ------------------------------------------------------------------------------
    def err(self, node: ast.AST, message: str) -> KernelError:
        return _fail(self.cx.path, getattr(node, "lineno", 1) + self.cx.line_offset, message)

    def _kind(self, node: ast.expr) -> ParamKind | None:
        if isinstance(node, ast.Name) and node.id in self.cx.params:
            return self.cx.params[node.id].kind
        return None

    def _index(self, name: str) -> ast.expr:
        spec = self.cx.mutables[name]
        if spec.mapped:
            return _tuple([_call(_ct("bid"), [ast.Constant(0)])])
        return _tuple([_call(_ct("bid"), [ast.Constant(i)]) for i in range(spec.rank)])

    def _tile_shape(self, name: str) -> ast.expr:
        return _tuple(
            [ast.Name(n, ast.Load()) for n in tile_params(name, self.cx.mutables[name].rank)]
        )

    def _at(self, call: ast.Call, name: str, position: int) -> ast.expr:
        """The tile a Mutable call names: ``at=`` (keyword, or positional at ``position``),
        else the block's own."""
        for kw in call.keywords:
            if kw.arg == "at":
                at: ast.expr = self.visit(kw.value)
                return at
        if len(call.args) > position and not _is_none(call.args[position]):
            positional: ast.expr = self.visit(call.args[position])
            return positional
        if self.cx.mutables[name].mapped:
            raise self.err(call, f"`{name}` is mapped: use `at=idx` with idx from `{name}.tiles()`")
        return self._index(name)

    def _load(
        self, array: str, index: ast.expr, shape: ast.expr, latency: ast.expr | None = None
    ) -> ast.expr:
        hints = {} if latency is None else {"latency": latency}  # ct.load's DRAM-traffic hint
        return _call(
            _ct("load"),
            [ast.Name(array, ast.Load())],
            index=index,
            shape=shape,
            padding_mode=_pad(),
            **hints,
        )

    def _latency(self, call: ast.Call, position: int) -> ast.expr | None:
        """The ``latency=`` hint of a load call (keyword, or positional at ``position``)."""
        for kw in call.keywords:
            if kw.arg == "latency":
                found: ast.expr = self.visit(kw.value)
                return found
        if len(call.args) > position:
            positional: ast.expr = self.visit(call.args[position])
            return positional
        return None

    def _store(self, array: ast.expr, index: ast.expr, tile: ast.expr) -> ast.expr:
        if not isinstance(tile, ast.Constant):  # as the interpreter: stores convert to the dtype
            dtype = ast.Attribute(value=array, attr="dtype", ctx=ast.Load())
            tile = _call(_ct("astype"), [tile, dtype])
        return _call(_ct("store"), [array], index=index, tile=tile)

    # -- names and attributes -----------------------------------------------------------------
    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id in self.cx.params or not isinstance(node.ctx, ast.Load):
            return node
        obj = self.cx.resolver.lookup([node.id])
        if is_dtype(obj):
            return _ct(CT_DTYPES[obj.name])
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
        parts = _attr_chain(node)
        if parts is not None and parts[0] not in self.cx.params:
            obj = self.cx.resolver.lookup(parts)
            if is_dtype(obj):
                return _ct(CT_DTYPES[obj.name])
        self.generic_visit(node)
        return node

    # -- calls --------------------------------------------------------------------------------
    def visit_Call(self, node: ast.Call) -> ast.expr:
        func = node.func
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
        parts = _attr_chain(func)
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

    def _helper(self, parts: list[str]) -> Any:
        from tilert.kernel import DeviceFunction

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
            dtype = kw.pop("dtype", args[1] if len(args) > 1 else _ct("int32"))
            return _call(_ct("arange"), args[:1], dtype=dtype)
        if op == "cat":
            axis = kw.pop("axis", args[1] if len(args) > 1 else ast.Constant(0))
            return _call(_ct("cat"), args[:1], axis=axis)
        if op == "unsafe.store":
            target = args[0] if args else kw["tensor"]
            index = args[1] if len(args) > 1 else kw["index"]
            tile = args[2] if len(args) > 2 else kw["tile"]
            return self._store(target, index, tile)
        if op.startswith("unsafe.") and op[7:] in UNSAFE_ATOMICS:
            return ast.Call(func=_ct(op[7:]), args=args, keywords=keywords)
        if op in SAME_NAME_OPS:
            return ast.Call(func=_ct(op), args=args, keywords=keywords)
        raise self.err(node, f"`tl.{op}` has no cuTile lowering")


class _Emitter:
    """Writes statements one per line (compound ones with their bodies), remembering lines."""

    def __init__(self, cx: _Context, rewriter: _Rewriter) -> None:
        self.cx = cx
        self.rw = rewriter
        self.lines: list[str] = []
        self.line_map: dict[int, int] = {}

    def emit(self, text: str, indent: int, user_line: int | None = None) -> None:
        for piece in text.split("\n"):
            self.lines.append("    " * indent + piece)
            if user_line is not None:
                self.line_map[len(self.lines)] = user_line

    def user(self, node: ast.AST) -> int:
        return int(getattr(node, "lineno", 1)) + self.cx.line_offset

    def body(self, stmts: Sequence[ast.stmt], indent: int) -> None:
        if not stmts:
            self.emit("pass", indent)
        for s in stmts:
            self.stmt(s, indent)

    def stmt(self, s: ast.stmt, indent: int) -> None:
        line = self.user(s)
        if isinstance(s, ast.If):
            self.emit(f"if {ast.unparse(self.rw.visit(s.test))}:", indent, line)
            self.body(s.body, indent + 1)
            if s.orelse:
                self.emit("else:", indent, line)
                self.body(s.orelse, indent + 1)
        elif isinstance(s, ast.For):
            self._for(s, indent, line)
        elif isinstance(s, ast.While):
            self.emit(f"while {ast.unparse(self.rw.visit(s.test))}:", indent, line)
            self.body(s.body, indent + 1)
        elif isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.With)):
            raise _fail(self.cx.path, line, f"{type(s).__name__} inside a kernel")
        else:
            if isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant):
                return  # docstrings and bare constants
            self.emit(ast.unparse(self.rw.visit(s)), indent, line)

    def _for(self, s: ast.For, indent: int, line: int) -> None:
        it = s.iter
        if (
            isinstance(it, ast.Call)
            and isinstance(it.func, ast.Attribute)
            and isinstance(it.func.value, ast.Name)
            and it.func.attr == "tiles"
            and it.func.value.id in self.cx.mutables
        ):
            name = it.func.value.id
            spec = self.cx.mutables[name]
            if not spec.mapped:
                raise _fail(self.cx.path, line, f"`{name}.tiles()` needs a mapped partition")
            counter = f"_tilert_k_{name}"
            tiles = " * ".join(
                f"ct.cdiv({name}.shape[{i}], {name}__t{i})" for i in range(spec.rank)
            )
            self.emit(
                f"for {counter} in range(ct.bid(0), {tiles}, ct.num_blocks(0)):", indent, line
            )
            grid = ", ".join(f"ct.cdiv({name}.shape[{i}], {name}__t{i})" for i in range(spec.rank))
            target = ast.unparse(s.target)
            self.emit(
                f"{target} = _tilert_tile_coords_{spec.rank}({counter}, ({grid},), {name}__group)",
                indent + 1,
                line,
            )
            self.body(s.body, indent + 1)
            return
        self.emit(f"for {ast.unparse(s.target)} in {ast.unparse(self.rw.visit(it))}:", indent, line)
        self.body(s.body, indent + 1)
        if s.orelse:
            raise _fail(self.cx.path, line, "for-else inside a kernel")


TILE_COORDS = """
@ct.function
def _tilert_tile_coords_1(k, grid, group):
    return (k,)


@ct.function
def _tilert_tile_coords_2(k, grid, group):
    rows = grid[0]
    cols = grid[1]
    if group == 0:
        row = k // cols
        col = k % cols
    else:
        per_group = group * cols
        first_row = (k // per_group) * group
        group_rows = ct.minimum(rows - first_row, group)
        row = first_row + (k % per_group) % group_rows
        col = (k % per_group) // group_rows
    return (row, col)


@ct.function
def _tilert_tile_coords_3(k, grid, group):
    inner = grid[2]
    outer = k // inner
    ij = _tilert_tile_coords_2(outer, (grid[0], grid[1]), group)
    return (ij[0], ij[1], k % inner)
"""


def _function_ast(fn: Callable[..., Any], what: str) -> tuple[ast.FunctionDef, str, int]:
    src = kernel_source(fn)
    if src is None:
        raise KernelError(f"{what}: no source available to lower (define kernels in files)")
    source, path, first_line = src
    tree = ast.parse(source)
    fdef = tree.body[0]
    if not isinstance(fdef, ast.FunctionDef):
        raise KernelError(f"{path}:{first_line}: {what} is not a plain function")
    # ast line 1 is the first decorator line, i.e. the user's first_line
    return fdef, path, first_line - 1


def _ct_param(p: Param) -> str:
    if p.kind is ParamKind.CONST:
        inner = p.py_type.__name__ if isinstance(p.py_type, type) else "int"
        return f"{p.name}: ct.Constant[{inner}]"
    return p.name


def lower_kernel(kernel: Any, mutables: Mapping[str, MutableSpec] | None = None) -> Lowered:
    """cuTile Python source for ``kernel`` with the given Mutable ranks (default: inferred
    from the body, else 1) and mapping."""
    fdef, path, offset = _function_ast(kernel.fn, f"kernel `{kernel.name}`")
    params = {p.name: p for p in kernel.params}
    fdef = resolve_mutable_aliases(
        fdef,
        [p.name for p in kernel.params if p.kind is ParamKind.MUTABLE],
        lambda node, message: _fail(path, getattr(node, "lineno", 1) + offset, message),
    )
    specs = dict(mutables or {})
    for p in kernel.params:
        if p.kind is ParamKind.MUTABLE and p.name not in specs:
            specs[p.name] = MutableSpec(_guess_rank(fdef, p.name))
    cx = _Context(path, offset, params, specs, _Resolver(kernel.fn.__globals__))
    rw = _Rewriter(cx)
    em = _Emitter(cx, rw)
    em.emit("import cuda.tile as ct", 0)
    body = _Emitter(cx, rw)
    sig: list[str] = []
    for p in kernel.params:
        sig.append(_ct_param(p))
        if p.kind is ParamKind.MUTABLE:
            sig.extend(f"{t}: ct.Constant[int]" for t in tile_params(p.name, specs[p.name].rank))
            if specs[p.name].mapped:
                sig.append(f"{p.name}__group: ct.Constant[int]")
    body.emit("@ct.kernel" + _kernel_options(kernel.options), 0, offset + fdef.lineno)
    body.emit(f"def {kernel.name}({', '.join(sig)}):", 0, offset + fdef.lineno)
    body.body(fdef.body, 1)
    helper_blocks = _lower_helpers(cx)
    out = list(em.lines)
    line_map: dict[int, int] = {}
    if any(s.mapped for s in specs.values()):
        out.extend(TILE_COORDS.split("\n"))
    for block_lines, block_map in [*helper_blocks, (body.lines, body.line_map)]:
        out.extend(["", ""])
        base = len(out)
        out.extend(block_lines)
        line_map.update({base + k: v for k, v in block_map.items()})
    return Lowered("\n".join(out) + "\n", kernel.name, path, line_map, tuple(sorted(cx.helpers)))


def _kernel_options(options: Mapping[str, Any]) -> str:
    picked = {k: v for k, v in options.items() if k in ("occupancy", "num_ctas") and v is not None}
    if not picked:
        return ""
    return "(" + ", ".join(f"{k}={v!r}" for k, v in picked.items()) + ")"


def _lower_helpers(cx: _Context) -> list[tuple[list[str], dict[int, int]]]:
    """Each ``@tr.function`` the kernel reaches, as a ``@ct.function`` (callees first)."""
    done: dict[str, tuple[list[str], dict[int, int]]] = {}
    order: list[str] = []
    while True:
        pending = [n for n in cx.helpers if n not in done]
        if not pending:
            break
        for name in pending:
            helper = cx.helpers[name]
            fdef, path, offset = _function_ast(helper.fn, f"function `{name}`")
            hcx = _Context(path, offset, {}, {}, _Resolver(helper.fn.__globals__), cx.helpers)
            em = _Emitter(hcx, _Rewriter(hcx))
            em.emit("@ct.function", 0, offset + fdef.lineno)
            args = ", ".join(a.arg for a in fdef.args.args)
            em.emit(f"def _tilert_fn_{name}({args}):", 0, offset + fdef.lineno)
            em.body(fdef.body, 1)
            done[name] = (em.lines, em.line_map)
            order.append(name)
    return [done[n] for n in reversed(order)]


def _guess_rank(fdef: ast.FunctionDef, name: str) -> int:
    """The rank a body implies for Mutable ``name`` (``i, j = name.index``,
    ``name.tile_shape[1]``), else 1."""
    rank = 1
    for node in ast.walk(fdef):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Attribute)
            and isinstance(node.value.value, ast.Name)
            and node.value.value.id == name
            and node.value.attr in ("index", "tile_shape")
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, int)
        ):
            rank = max(rank, node.slice.value + 1)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute):
            v = node.value
            if (
                isinstance(v.value, ast.Name)
                and v.value.id == name
                and v.attr in ("index", "tile_shape")
                and isinstance(node.targets[0], ast.Tuple)
            ):
                return len(node.targets[0].elts)
    return rank


def spec_of_launch(kernel: Any, values: Sequence[object]) -> dict[str, MutableSpec]:
    """The MutableSpecs of one launch's partitions."""
    from tilert.tensor import Partition

    out = {}
    for p, v in zip(kernel.params, values, strict=True):
        if p.kind is ParamKind.MUTABLE and isinstance(v, Partition):
            out[p.name] = MutableSpec(len(v.tile_shape), v.mapping is not None)
    return out


def ct_dtype_name(dt: type[DType]) -> str:
    return CT_DTYPES[dt.name]
