"""What a kernel calls and iterates over: unchecked ops (TC203), calls and loops the compiler
cannot lower (TC204), constant tile shapes that are not powers of two (TC205).

A call is fine when it is a kernel-language function (``tilert.lang.*``, given arguments it
takes: ``lang_usage`` checks both), a method on a parameter or a local tile, an allowed
builtin, a dtype, or device code (``@tr.function`` / ``@tr.kernel``). Names the resolver does
not know are not reported: the runtime resolves them again at the first launch, when every
module-level name is defined."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import BAD_TILE_SHAPE, UNSAFE_OP, UNSUPPORTED_CONSTRUCT
from tilecheck.kernel.context import KernelContext
from tilecheck.kernel.facts import CallSite
from tilecheck.kernel.lang_usage import check_lang_call, lang_member
from tilecheck.kernel.shapes import (
    LOAD_TILE_SHAPE,
    SHAPE_ARGUMENTS,
    argument,
    is_power_of_two,
    shape_dimensions,
)
from tilecheck.kernel.vocabulary import ALLOWED_BUILTINS, FOREIGN_ROOTS, MODULE_LOCAL_PREFIX
from tilecheck.kernel_signature import ParamKind
from tilecheck.names import DEVICE_FUNCTION, LANG, dtype_name, is_lang, is_unsafe
from tilecheck.syntax.nodes import dotted_name, head_of, source_of

_ALLOWED = ", ".join(sorted(ALLOWED_BUILTINS))
_LANG_NAMES_OF_HOST_API = frozenset({"zeros", "full", "arange"})
_RESHAPING = frozenset({"reshape", "broadcast_to"})  # their shape is data already laid out


def check_unsafe_references(ctx: KernelContext) -> None:
    """TC203: every use of ``tl.unsafe.*`` (called or not) outside an unsafe kernel."""
    if ctx.unsafe:
        return
    for node, dotted in ctx.facts.references:
        meaning = ctx.meaning(dotted)
        if is_unsafe(meaning):
            # ``raw_store`` says less than ``tl.unsafe.store``: name what it is
            spelled = f"`{dotted}`" + ("" if "unsafe" in dotted.split(".") else f" ({meaning})")
            if ctx.is_function:
                message = (
                    f"{ctx.what} uses the unchecked op {spelled}; helpers cannot be unsafe: "
                    "do this in a kernel marked `@tr.kernel(unsafe=True)`"
                )
            else:
                message = (
                    f"{spelled} is an unchecked device op; mark {ctx.what} "
                    "`@tr.kernel(unsafe=True)` to take responsibility for races, or store "
                    "through a Mutable parameter with `z.store(tile)`"
                )
            ctx.report(UNSAFE_OP, node, message)


def check_calls(ctx: KernelContext) -> None:
    """TC204 for calls that cannot run on the device or cannot bind their arguments to a
    ``tl`` function's parameters, TC205 for their constant shapes."""
    for site in ctx.facts.calls:
        dotted = site.dotted
        if dotted is None:
            continue
        head, _, rest = dotted.partition(".")
        if ctx.is_local(head):
            if rest == "load_tile" and ctx.lang_function(site.node) == "load_tile":
                _check_shape(ctx, site.node, LOAD_TILE_SHAPE, maskable=True)
            continue
        if dotted == ctx.name:
            ctx.report(
                UNSUPPORTED_CONSTRUCT,
                site.node,
                f"{ctx.what} calls itself; recursion cannot be lowered to a tile kernel: "
                "write it as a loop",
            )
            continue
        member = lang_member(ctx, dotted)
        if member is not None and (not member.known or check_lang_call(ctx, site.node, member)):
            continue  # an unknown name is reported where it is referenced
        _check_function_call(ctx, site, dotted, ctx.meaning(dotted))


_TAKES_A_LAMBDA = frozenset({f"{LANG}.reduce", f"{LANG}.scan"})


def check_lambda_arguments(ctx: KernelContext) -> None:
    """TC204 for a lambda passed to anything but ``tl.reduce`` or ``tl.scan``."""
    for call, node in ctx.facts.lambda_arguments:
        dotted = dotted_name(call.func)
        meaning = ctx.meaning(dotted) if dotted is not None else None
        if meaning not in _TAKES_A_LAMBDA:
            ctx.report(
                UNSUPPORTED_CONSTRUCT,
                node,
                "a lambda is supported in a kernel only as the combining function of tl.reduce "
                "or tl.scan; write it out, or as a @tr.function helper",
            )


def _check_function_call(
    ctx: KernelContext, site: CallSite, dotted: str, meaning: str | None
) -> None:
    if meaning is None or meaning == DEVICE_FUNCTION or dtype_name(meaning) is not None:
        return
    if is_lang(meaning):
        function = meaning[len(LANG) + 1 :]
        if function in SHAPE_ARGUMENTS:
            maskable = function not in _RESHAPING
            _check_shape(ctx, site.node, SHAPE_ARGUMENTS[function], maskable=maskable)
        return
    problem = _not_device_code(ctx, dotted, meaning)
    if problem is not None:
        ctx.report(UNSUPPORTED_CONSTRUCT, site.node, problem)


def _not_device_code(ctx: KernelContext, dotted: str, meaning: str) -> str | None:
    """Why a call to ``meaning`` cannot be in a kernel, or None when it may be device code."""
    if meaning.startswith("builtins."):
        builtin = meaning[len("builtins.") :]
        if builtin in ALLOWED_BUILTINS:
            return None
        hint = " (use `tl.printf`)" if builtin == "print" else ""
        return (
            f"`{dotted}` is a Python builtin that cannot run in a kernel{hint}; kernels may "
            f"call {_ALLOWED}, tilert.lang functions and @tr.function helpers"
        )
    if meaning.startswith("tilert.") and meaning.count(".") > 2:
        return None  # from a module inside tilert (a @tr.function of the library, maybe)
    if meaning.startswith("tilert."):
        last = meaning.rpartition(".")[2]
        hint = f"; inside a kernel use `tl.{last}`" if last in _LANG_NAMES_OF_HOST_API else ""
        return f"`{dotted}` ({meaning}) is host API and cannot be called in a kernel{hint}"
    if meaning.startswith(MODULE_LOCAL_PREFIX):
        return (
            f"`{dotted}` is plain Python code of this module, not device code; make it a "
            f"`@tr.function` helper to call it from {ctx.what}"
        )
    if head_of(meaning) in FOREIGN_ROOTS or getattr(ctx.resolver, "knows_device_functions", False):
        return (
            f"`{dotted}` ({meaning}) is not device code; use the tilert.lang equivalent "
            "or a @tr.function helper"
        )
    return None  # imported from elsewhere: it may be a @tr.function the checker cannot see


def _check_shape(
    ctx: KernelContext, call: cst.Call, where: tuple[int, str], *, maskable: bool
) -> None:
    """TC205: the constant dimensions of a shape argument must be positive powers of two."""
    shape = argument(call, *where)
    dims = shape_dimensions(shape) if shape is not None else None
    bad = [(node, v) for node, v in dims or () if v is not None and not is_power_of_two(v)]
    if not bad:
        return
    values = ", ".join(str(value) for _, value in bad)
    plural = "s" if len(bad) > 1 else ""
    if maskable and all(value > 0 for _, value in bad):
        rounded = ", ".join(str(1 << (value - 1).bit_length()) for _, value in bad)
        hint = f"; round up to {rounded} and mask the extra elements"
    else:
        hint = ""
    ctx.report(
        BAD_TILE_SHAPE,
        bad[0][0],
        f"tile dimension{plural} {values} in `{source_of(call.func)}(...)`: every tile "
        f"dimension must be a positive power of two (Tile IR){hint}",
    )


def check_loops(ctx: KernelContext) -> None:
    """TC204: ``for`` goes over ``range(...)`` or a Mutable parameter's ``z.tiles()``."""
    for loop in ctx.facts.loops:
        problem = _loop_problem(ctx, loop.iter)
        if problem is not None:
            ctx.report(UNSUPPORTED_CONSTRUCT, loop.iter, problem)


def _loop_problem(ctx: KernelContext, iterable: cst.BaseExpression) -> str | None:
    expected = "`for` in a kernel goes over `range(...)` or a Mutable parameter's `z.tiles()`"
    if not isinstance(iterable, cst.Call):
        return f"{expected}, not `{source_of(iterable)}`"
    dotted = dotted_name(iterable.func)
    if dotted is None:
        return f"{expected}, not `{source_of(iterable)}`"
    head, _, rest = dotted.partition(".")
    if ctx.is_local(head):
        if rest != "tiles":
            return f"{expected}, not `{source_of(iterable)}`"
        kind = ctx.tensors.kind_of(head)
        if kind in (ParamKind.SHARED, ParamKind.SCALAR, ParamKind.CONST):
            return f"`{head}` is not a Mutable parameter: only a Mutable partition has `tiles()`"
        return None
    meaning = ctx.meaning(dotted)
    if meaning == "builtins.range" or (meaning is None and dotted == "range") or is_lang(meaning):
        return None
    return f"{expected}, not `{source_of(iterable.func)}(...)`"


def check_returns(ctx: KernelContext) -> None:
    """TC204 for ``return value`` in a kernel (helpers return tiles and scalars)."""
    for ret in ctx.facts.value_returns:
        ctx.report(
            UNSUPPORTED_CONSTRUCT,
            ret,
            f"{ctx.what} cannot return a value; store results through a Mutable parameter",
        )
