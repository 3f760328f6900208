"""What a parameter annotation of a kernel or helper declares (TC206 explains the rest).

Names are resolved through the ``NameResolver``, so ``tr.Mutable``, ``from tilert import
Mutable as M``, ``tl.f32`` and string annotations (``"Shared[Tensor[f32]]"``) all read the
same. An annotation that is not a kernel annotation still gets the kind it names, if any
(``Mutable[f32]`` is MUTABLE), so the host side sees the parameter as its author meant it."""

from __future__ import annotations

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.kernel.vocabulary import SCALAR_TYPES
from tilecheck.kernel_signature import ParamKind
from tilecheck.names import (
    CONST,
    MUTABLE,
    SHARED,
    TENSOR,
    TILE,
    NameResolver,
    canonical,
    dtype_name,
)
from tilecheck.syntax.nodes import dotted_name, source_of

EXPECTED = (
    "Mutable[Tensor[dt]] (an output), Shared[Tensor[dt]] (a read-only input), int, float, "
    "bool, a dtype or Const[int|float|bool]"
)


@frozen
class Meaning:
    """What one annotation declares; ``problem`` says why it is not a kernel annotation."""

    kind: ParamKind
    dtype: str | None = None
    problem: str | None = None
    scalar: str | None = None  # "int", "float" or "bool": a scalar or Const parameter's type


def _subscript_args(node: cst.Subscript) -> list[cst.BaseExpression] | None:
    args: list[cst.BaseExpression] = []
    for element in node.slice:
        if not isinstance(element.slice, cst.Index):
            return None
        args.append(element.slice.value)
    return args


class AnnotationReader:
    """Reads annotations with one resolver; helpers (``@tr.function``) may also take tiles."""

    def __init__(self, resolver: NameResolver, is_function: bool) -> None:
        self.resolver = resolver
        self.is_function = is_function

    def meaning_of(self, expr: cst.BaseExpression) -> str | None:
        dotted = dotted_name(expr)
        return canonical(self.resolver.resolve(dotted)) if dotted is not None else None

    def read(self, expr: cst.BaseExpression) -> Meaning:
        if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
            return self._string(expr)
        if isinstance(expr, cst.Subscript):
            return self._generic(expr)
        meaning = self.meaning_of(expr)
        if meaning in SCALAR_TYPES:
            return Meaning(ParamKind.SCALAR, scalar=SCALAR_TYPES[meaning])
        dtype = dtype_name(meaning)
        if dtype is not None:
            return Meaning(ParamKind.SCALAR, dtype)
        if meaning in (MUTABLE, SHARED):
            kind = ParamKind.MUTABLE if meaning == MUTABLE else ParamKind.SHARED
            what = source_of(expr)
            return Meaning(
                kind, None, f"`{what}` needs the tensor and its dtype: `{what}[Tensor[f32]]`"
            )
        if meaning == CONST:
            return Meaning(ParamKind.CONST, None, "`Const` needs its type: `Const[int]`")
        if meaning == TENSOR:
            return Meaning(ParamKind.SHARED, None, self._tensor_problem(expr))
        if meaning == TILE:
            return self._tile(None)
        return Meaning(ParamKind.SCALAR, None, self._unknown(expr))

    def _string(self, expr: cst.SimpleString | cst.ConcatenatedString) -> Meaning:
        text = expr.evaluated_value
        if isinstance(text, str):
            try:
                return self.read(cst.parse_expression(text.strip()))
            except cst.ParserSyntaxError:
                pass
        return Meaning(ParamKind.SCALAR, None, f"the annotation {source_of(expr)} does not parse")

    def _generic(self, expr: cst.Subscript) -> Meaning:
        meaning = self.meaning_of(expr.value)
        args = _subscript_args(expr)
        if meaning in (MUTABLE, SHARED):
            kind = ParamKind.MUTABLE if meaning == MUTABLE else ParamKind.SHARED
            wrapper = source_of(expr.value)
            if args is None or len(args) != 1:
                return Meaning(
                    kind, None, f"`{wrapper}` takes one argument: `{wrapper}[Tensor[f32]]`"
                )
            return self._tensor(kind, wrapper, args[0])
        if meaning == CONST:
            inner = self.meaning_of(args[0]) if args is not None and len(args) == 1 else None
            if inner in SCALAR_TYPES:
                return Meaning(ParamKind.CONST, scalar=SCALAR_TYPES[inner])
            return Meaning(
                ParamKind.CONST, None, f"`{source_of(expr)}`: Const takes int, float or bool"
            )
        if meaning == TILE:
            if args is None or len(args) != 1:
                return Meaning(ParamKind.TILE, None, "`Tile` takes one dtype: `Tile[f32]`")
            dtype, problem = self._dtype(args[0])
            return self._tile(dtype) if problem is None else Meaning(ParamKind.TILE, None, problem)
        if meaning == TENSOR:
            return Meaning(ParamKind.SHARED, None, self._tensor_problem(expr))
        return Meaning(ParamKind.SCALAR, None, self._unknown(expr))

    def _tensor(self, kind: ParamKind, wrapper: str, inner: cst.BaseExpression) -> Meaning:
        target = inner.value if isinstance(inner, cst.Subscript) else inner
        if self.meaning_of(target) != TENSOR:
            return Meaning(
                kind,
                None,
                f"`{wrapper}` wraps a tensor: write "
                f"`{wrapper}[Tensor[f32]]`, not `{wrapper}[{source_of(inner)}]`",
            )
        args = _subscript_args(inner) if isinstance(inner, cst.Subscript) else None
        if args is None or len(args) != 1:
            return Meaning(kind, None, f"name the tensor's dtype: `{wrapper}[Tensor[f32]]`")
        dtype, problem = self._dtype(args[0])
        return Meaning(kind, dtype, problem)

    def _dtype(self, expr: cst.BaseExpression) -> tuple[str | None, str | None]:
        """(dtype name, problem). A name the resolver does not know is no problem here (a
        module alias of a dtype, say): the runtime checks the real object."""
        meaning = self.meaning_of(expr)
        dtype = dtype_name(meaning)
        if dtype is not None or (meaning is None and dotted_name(expr) is not None):
            return dtype, None
        return None, f"`{source_of(expr)}` is not a tilert dtype (f16, bf16, f32, f64, i8 ... u8)"

    def _tile(self, dtype: str | None) -> Meaning:
        if self.is_function:
            return Meaning(ParamKind.TILE, dtype)
        return Meaning(
            ParamKind.TILE,
            dtype,
            "a kernel takes tensors, not tiles; `Tile[...]` "
            "parameters are for @tr.function helpers",
        )

    @staticmethod
    def _tensor_problem(expr: cst.BaseExpression) -> str:
        what = source_of(expr)
        return (
            f"say how the kernel uses the tensor: `Mutable[{what}]` (it writes its own "
            f"tile) or `Shared[{what}]` (read-only)"
        )

    def _unknown(self, expr: cst.BaseExpression) -> str:
        extra = ", or Tile[dt]" if self.is_function else ""
        return f"`{source_of(expr)}` is not a kernel parameter type; use {EXPECTED}{extra}"
