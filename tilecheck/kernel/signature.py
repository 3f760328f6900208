"""A kernel's decorator and parameters, read from its ``def`` (TC206 bad-kernel-signature).

Every parameter of a ``@tr.kernel`` or ``@tr.function`` says how the kernel uses it:
``Mutable[Tensor[dt]]`` (an output, one tile per block), ``Shared[Tensor[dt]]`` (a read-only
input), a scalar (``int``, ``float``, ``bool`` or a dtype), ``Const[int|float|bool]``, and in
``@tr.function`` helpers also ``Tile[dt]``; no defaults on tensors, no ``*args``, and a kernel
returns nothing."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import BAD_KERNEL_SIGNATURE
from tilecheck.diagnostics import Diagnostic
from tilecheck.kernel.annotations import EXPECTED, AnnotationReader, Meaning
from tilecheck.kernel.findings import Finding, to_diagnostics
from tilecheck.kernel_signature import KernelSignature, ParamKind, ParamSig
from tilecheck.names import FUNCTION_DECORATOR, KERNEL_DECORATOR, NameResolver, canonical
from tilecheck.positions import PositionLookup, SpanOf
from tilecheck.syntax.nodes import dotted_name, source_of

KERNEL = "kernel"
FUNCTION = "function"


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


# -- the whole signature ----------------------------------------------------------------------


def _bad(node: cst.CSTNode, message: str) -> Finding:
    return Finding(BAD_KERNEL_SIGNATURE, node, message)


def _read_params(
    func: cst.FunctionDef, annotations: AnnotationReader, what: str
) -> tuple[list[tuple[cst.Param, Meaning]], list[Finding]]:
    params = func.params
    found: list[tuple[cst.Param, Meaning]] = []
    findings: list[Finding] = []
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        name = param.name.value
        if param.annotation is None and name in ("self", "cls") and not found:
            message = (
                f"{what} takes `{name}`: a kernel is a function, not a method (the GPU has no "
                "object to pass); define it at module level, or as a @staticmethod, and pass "
                "what it needs of the object as arguments"
            )
            findings.append(_bad(param, message))
            found.append((param, Meaning(ParamKind.SCALAR)))
            continue
        if param.annotation is None:
            extra = " or Tile[dt]" if annotations.is_function else ""
            message = f"parameter `{name}` of {what} has no annotation; annotate it as "
            findings.append(_bad(param, f"{message}{EXPECTED}{extra}"))
            found.append((param, Meaning(ParamKind.SCALAR)))
            continue
        meaning = annotations.read(param.annotation.annotation)
        if meaning.problem is not None:
            message = f"parameter `{name}` of {what}: {meaning.problem}"
            findings.append(_bad(param.annotation.annotation, message))
        if param.default is not None and meaning.kind in (ParamKind.MUTABLE, ParamKind.SHARED):
            message = f"tensor parameter `{name}` of {what} cannot have a default"
            findings.append(_bad(param.default, f"{message}: every launch passes it"))
        found.append((param, meaning))
    if not annotations.is_function:
        for param in params.kwonly_params:  # a launch passes its arguments in order
            message = (
                f"parameter `{param.name.value}` of {what} is keyword-only: a kernel's "
                "parameters are positional (callers may still name them); drop the `*`"
            )
            findings.append(_bad(param, message))
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


Signature = tuple[bool, bool, list[tuple[cst.Param, Meaning]], list[Finding]]


def signature_findings(func: cst.FunctionDef, resolver: NameResolver) -> Signature:
    """(is_function, unsafe, parameters with their meanings, TC206 findings). Read once per
    ``def`` where the resolver keeps ``signatures`` (its answers never change: the static
    checker's, asked for each kernel by the host analysis, the kernel rules and the launches);
    each caller gets lists of its own."""
    memo: dict[int, tuple[cst.FunctionDef, Signature]] | None
    memo = getattr(resolver, "signatures", None)
    known = memo.get(id(func)) if memo is not None else None
    if known is None or known[0] is not func:
        known = (func, _signature_findings(func, resolver))
        if memo is not None:
            memo[id(func)] = known
    is_function, unsafe, params, findings = known[1]
    return is_function, unsafe, list(params), list(findings)


def _signature_findings(func: cst.FunctionDef, resolver: NameResolver) -> Signature:
    is_function = is_kernel_decorated(func, resolver) == FUNCTION
    what = f"{'helper' if is_function else 'kernel'} `{func.name.value}`"
    annotations = AnnotationReader(resolver, is_function)
    params, findings = _read_params(func, annotations, what)
    findings.extend(_header_findings(func, is_function, what))
    unsafe = not is_function and _declared_unsafe(func, resolver)
    return is_function, unsafe, params, findings


def build_signature(
    func: cst.FunctionDef,
    is_function: bool,
    unsafe: bool,
    params: list[tuple[cst.Param, Meaning]],
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
