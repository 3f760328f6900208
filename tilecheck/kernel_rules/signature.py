"""A kernel's decorator and parameters, read from its ``def`` (TC206 bad-kernel-signature).

Every parameter of a ``@tr.kernel`` or ``@tr.function`` says how the kernel uses it:
``Mutable[Tensor[dt]]`` (an output, one tile per block), ``Shared[Tensor[dt]]`` (a read-only
input), a scalar (``int``, ``float``, ``bool`` or a dtype), ``Const[int|float|bool]``, and in
``@tr.function`` helpers also ``Tile[dt]``. Names in annotations are resolved through the
``NameResolver``, so ``tr.Mutable``, ``from tilert import Mutable as M`` and ``tl.f32`` all
work."""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tilecheck.diagnostics import Diagnostic
from tilecheck.kernel_rules.findings import BAD_SIGNATURE, Finding, to_diagnostics
from tilecheck.kernel_rules.vocabulary import (
    CONST,
    FUNCTION_DECORATOR,
    KERNEL_DECORATOR,
    MUTABLE,
    SCALAR_TYPES,
    SHARED,
    TENSOR,
    TILE,
    canonical,
    dotted_name,
    dtype_name,
    source_of,
)
from tilecheck.kernel_signature import KernelSignature, ParamKind, ParamSig
from tilecheck.names import NameResolver
from tilecheck.positions import PositionLookup, SpanOf

KERNEL = "kernel"
FUNCTION = "function"

_EXPECTED = (
    "Mutable[Tensor[dt]] (an output), Shared[Tensor[dt]] (a read-only input), int, float, "
    "bool, a dtype or Const[int|float|bool]"
)


# -- the decorator ----------------------------------------------------------------------------


def _decorator_kind(decorator: cst.Decorator, resolver: NameResolver) -> str | None:
    expr = decorator.decorator
    callee = expr.func if isinstance(expr, cst.Call) else expr
    dotted = dotted_name(callee)
    meaning = canonical(resolver.resolve(dotted)) if dotted is not None else None
    if meaning == KERNEL_DECORATOR:
        return KERNEL
    if meaning == FUNCTION_DECORATOR:
        return FUNCTION
    return None


def is_kernel_decorated(func: cst.FunctionDef, resolver: NameResolver) -> str | None:
    """``"kernel"`` for ``@tr.kernel`` (with or without options), ``"function"`` for
    ``@tr.function``, None for anything else."""
    for decorator in func.decorators:
        kind = _decorator_kind(decorator, resolver)
        if kind is not None:
            return kind
    return None


def _declared_unsafe(func: cst.FunctionDef, resolver: NameResolver) -> bool:
    """``@tr.kernel(unsafe=True)``. An ``unsafe=`` whose value the syntax does not tell
    (``unsafe=FLAG``) counts as unsafe: the checker does not guess against the author."""
    for decorator in func.decorators:
        expr = decorator.decorator
        if not isinstance(expr, cst.Call) or _decorator_kind(decorator, resolver) != KERNEL:
            continue
        for arg in expr.args:
            if arg.keyword is not None and arg.keyword.value == "unsafe":
                value = arg.value
                return not (isinstance(value, cst.Name) and value.value in ("False", "None"))
    return False


# -- annotations ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Meaning:
    """What one annotation declares; ``problem`` says why it is not a kernel annotation."""

    kind: ParamKind
    dtype: str | None = None
    problem: str | None = None


def _subscript_args(node: cst.Subscript) -> list[cst.BaseExpression] | None:
    args: list[cst.BaseExpression] = []
    for element in node.slice:
        if not isinstance(element.slice, cst.Index):
            return None
        args.append(element.slice.value)
    return args


class _Annotations:
    """Reads annotations with one resolver; helpers (``@tr.function``) may also take tiles."""

    def __init__(self, resolver: NameResolver, is_function: bool) -> None:
        self.resolver = resolver
        self.is_function = is_function

    def meaning_of(self, expr: cst.BaseExpression) -> str | None:
        dotted = dotted_name(expr)
        return canonical(self.resolver.resolve(dotted)) if dotted is not None else None

    def read(self, expr: cst.BaseExpression) -> _Meaning:
        if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
            return self._string(expr)
        if isinstance(expr, cst.Subscript):
            return self._generic(expr)
        meaning = self.meaning_of(expr)
        if meaning in SCALAR_TYPES:
            return _Meaning(ParamKind.SCALAR)
        dtype = dtype_name(meaning)
        if dtype is not None:
            return _Meaning(ParamKind.SCALAR, dtype)
        if meaning in (MUTABLE, SHARED):
            kind = ParamKind.MUTABLE if meaning == MUTABLE else ParamKind.SHARED
            what = source_of(expr)
            return _Meaning(
                kind, None, f"`{what}` needs the tensor and its dtype: `{what}[Tensor[f32]]`"
            )
        if meaning == CONST:
            return _Meaning(ParamKind.CONST, None, "`Const` needs its type: `Const[int]`")
        if meaning == TENSOR:
            return _Meaning(ParamKind.SHARED, None, self._tensor_problem(expr))
        if meaning == TILE:
            return self._tile(None)
        return _Meaning(ParamKind.SCALAR, None, self._unknown(expr))

    def _string(self, expr: cst.SimpleString | cst.ConcatenatedString) -> _Meaning:
        text = expr.evaluated_value
        if isinstance(text, str):
            try:
                return self.read(cst.parse_expression(text.strip()))
            except cst.ParserSyntaxError:
                pass
        return _Meaning(ParamKind.SCALAR, None, f"the annotation {source_of(expr)} does not parse")

    def _generic(self, expr: cst.Subscript) -> _Meaning:
        meaning = self.meaning_of(expr.value)
        args = _subscript_args(expr)
        if meaning in (MUTABLE, SHARED):
            kind = ParamKind.MUTABLE if meaning == MUTABLE else ParamKind.SHARED
            wrapper = source_of(expr.value)
            if args is None or len(args) != 1:
                return _Meaning(
                    kind, None, f"`{wrapper}` takes one argument: `{wrapper}[Tensor[f32]]`"
                )
            return self._tensor(kind, wrapper, args[0])
        if meaning == CONST:
            if args is not None and len(args) == 1 and self.meaning_of(args[0]) in SCALAR_TYPES:
                return _Meaning(ParamKind.CONST)
            return _Meaning(
                ParamKind.CONST, None, f"`{source_of(expr)}`: Const takes int, float or bool"
            )
        if meaning == TILE:
            if args is None or len(args) != 1:
                return _Meaning(ParamKind.TILE, None, "`Tile` takes one dtype: `Tile[f32]`")
            dtype, problem = self._dtype(args[0])
            return self._tile(dtype) if problem is None else _Meaning(ParamKind.TILE, None, problem)
        if meaning == TENSOR:
            return _Meaning(ParamKind.SHARED, None, self._tensor_problem(expr))
        return _Meaning(ParamKind.SCALAR, None, self._unknown(expr))

    def _tensor(self, kind: ParamKind, wrapper: str, inner: cst.BaseExpression) -> _Meaning:
        target = inner.value if isinstance(inner, cst.Subscript) else inner
        if self.meaning_of(target) != TENSOR:
            return _Meaning(
                kind,
                None,
                f"`{wrapper}` wraps a tensor: write "
                f"`{wrapper}[Tensor[f32]]`, not `{wrapper}[{source_of(inner)}]`",
            )
        args = _subscript_args(inner) if isinstance(inner, cst.Subscript) else None
        if args is None or len(args) != 1:
            return _Meaning(kind, None, f"name the tensor's dtype: `{wrapper}[Tensor[f32]]`")
        dtype, problem = self._dtype(args[0])
        return _Meaning(kind, dtype, problem)

    def _dtype(self, expr: cst.BaseExpression) -> tuple[str | None, str | None]:
        """(dtype name, problem). A name the resolver does not know is no problem here (a
        module alias of a dtype, say): the runtime checks the real object."""
        meaning = self.meaning_of(expr)
        dtype = dtype_name(meaning)
        if dtype is not None or (meaning is None and dotted_name(expr) is not None):
            return dtype, None
        return None, f"`{source_of(expr)}` is not a tilert dtype (f16, bf16, f32, f64, i8 ... u8)"

    def _tile(self, dtype: str | None) -> _Meaning:
        if self.is_function:
            return _Meaning(ParamKind.TILE, dtype)
        return _Meaning(
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
        return f"`{source_of(expr)}` is not a kernel parameter type; use {_EXPECTED}{extra}"


# -- the whole signature ----------------------------------------------------------------------


def _bad(node: cst.CSTNode, message: str) -> Finding:
    return Finding(BAD_SIGNATURE, node, message)


def _read_params(
    func: cst.FunctionDef, annotations: _Annotations, what: str
) -> tuple[list[tuple[cst.Param, _Meaning]], list[Finding]]:
    params = func.params
    found: list[tuple[cst.Param, _Meaning]] = []
    findings: list[Finding] = []
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        name = param.name.value
        if param.annotation is None:
            extra = " or Tile[dt]" if annotations.is_function else ""
            message = f"parameter `{name}` of {what} has no annotation; annotate it as "
            findings.append(_bad(param, f"{message}{_EXPECTED}{extra}"))
            found.append((param, _Meaning(ParamKind.SCALAR)))
            continue
        meaning = annotations.read(param.annotation.annotation)
        if meaning.problem is not None:
            message = f"parameter `{name}` of {what}: {meaning.problem}"
            findings.append(_bad(param.annotation.annotation, message))
        if param.default is not None and meaning.kind in (ParamKind.MUTABLE, ParamKind.SHARED):
            message = f"tensor parameter `{name}` of {what} cannot have a default"
            findings.append(_bad(param.default, f"{message}: every launch passes it"))
        found.append((param, meaning))
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            written = source_of(star).strip(", ")
            message = f"{what} cannot take `{written}`: name each parameter and annotate it"
            findings.append(_bad(star, message))
    return found, findings


def _header_findings(func: cst.FunctionDef, is_function: bool, what: str) -> list[Finding]:
    findings: list[Finding] = []
    if func.asynchronous is not None:
        message = f"{what} cannot be `async`: device code runs synchronously"
        findings.append(_bad(func.asynchronous, message))
    type_params = getattr(func, "type_parameters", None)
    if type_params is not None:
        findings.append(_bad(type_params, f"{what} cannot have type parameters"))
    returns = func.returns
    if not is_function and returns is not None:
        value = returns.annotation
        if not (isinstance(value, cst.Name) and value.value == "None"):
            message = f"{what} returns nothing (annotate it `-> None`); write results through "
            findings.append(_bad(value, message + "a Mutable parameter"))
    return findings


def signature_findings(
    func: cst.FunctionDef, resolver: NameResolver
) -> tuple[bool, bool, list[tuple[cst.Param, _Meaning]], list[Finding]]:
    """(is_function, unsafe, parameters with their meanings, TC206 findings)."""
    is_function = is_kernel_decorated(func, resolver) == FUNCTION
    what = f"{'helper' if is_function else 'kernel'} `{func.name.value}`"
    annotations = _Annotations(resolver, is_function)
    params, findings = _read_params(func, annotations, what)
    findings.extend(_header_findings(func, is_function, what))
    unsafe = not is_function and _declared_unsafe(func, resolver)
    return is_function, unsafe, params, findings


def build_signature(
    func: cst.FunctionDef,
    is_function: bool,
    unsafe: bool,
    params: list[tuple[cst.Param, _Meaning]],
    span_of: SpanOf,
) -> KernelSignature:
    return KernelSignature(
        name=func.name.value,
        params=tuple(ParamSig(p.name.value, m.kind, m.dtype, span_of(p)) for p, m in params),
        is_function=is_function,
        unsafe=unsafe,
        span=span_of(func.name),
    )


def parse_signature(
    func: cst.FunctionDef, resolver: NameResolver, *, path: str, positions: SpanOf
) -> tuple[KernelSignature, list[Diagnostic]]:
    """The kernel's signature and its TC206 findings. A parameter whose annotation is not a
    kernel annotation still gets a kind, the one its annotation names if any (``Mutable[...]``
    is MUTABLE even when malformed), else SCALAR; the finding says what is wrong."""
    is_function, unsafe, params, findings = signature_findings(func, resolver)
    signature = build_signature(func, is_function, unsafe, params, positions)
    return signature, to_diagnostics(findings, path, positions)


def signature_of(func: cst.FunctionDef, resolver: NameResolver) -> KernelSignature:
    """The signature alone, for callers that need the parameters' kinds but no findings (the
    host analysis, which reads every kernel of every module it checks). It costs no
    module-wide position pass (only the ``def`` header is measured): its spans count lines from
    the function's own first line (its first decorator, or the ``def``, is line 1), not the
    file's."""
    is_function, unsafe, params, _ = signature_findings(func, resolver)
    header = func.with_changes(body=cst.SimpleStatementSuite([cst.Pass()]), leading_lines=())
    local = PositionLookup(cst.Module(body=[header]))
    return build_signature(header, is_function, unsafe, params, local)
