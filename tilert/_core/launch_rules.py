"""tilecheck's tile-type rules (TC207-TC211) at a kernel's launch, with the real shapes: run
the first time each launch signature is seen, so that a launch whose loads would read zeros
past a tensor's edge (the GPU says nothing), or that cannot compile, is refused at the call,
on every backend, by the rules the static checker runs.

A launch's signature is what the rules can see of it: each Mutable partition's tensor shape and
tile shape, each Shared tensor's shape and each ``Const`` argument (the dtypes are the
parameters' own: other dtypes are refused before the launch). A kernel whose rules decide
everything on the kernel alone (nothing left open, as the static checker reads no launch for
it) has one signature. A signature checked is kept in ``checked_launches`` as
``(kernel, *items)``; the C launch path (``tilert/_fast_src/signature.c``) builds the same key
from the kernel's ``_fast_plan`` and makes only launches whose key is there, leaving the others
to ``Kernel.__call__``, which comes here."""

from __future__ import annotations

import atexit
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tilecheck.kernel_signature import ParamKind
from tilert._core.validation import GlobalsResolver, format_findings, kernel_source
from tilert.errors import KernelError
from tilert.tensor import Partition, Tensor

if TYPE_CHECKING:
    from collections.abc import Callable

    from tilecheck.diagnostics import Diagnostic
    from tilecheck.kernel import LaunchRules
    from tilert.signature import Param

KeyPlan = tuple[tuple[int, int, Any], ...]

# The signatures checked, as the C path reads them: (kernel, *items). Cleared when full (a
# signature then comes back to ``LaunchChecks.admit``, which remembers its answer).
checked_launches: set[tuple[Any, ...]] = set()
_MAX_CHECKED = 4096
# Forgotten at exit: a key holds its kernel, whose function holds its module's globals. Kept to
# the end, a script's module, and the ops left in its names, would outlive the collection that
# runs their finalizers as the interpreter exits (an op never run would not warn).
atexit.register(checked_launches.clear)
_MUTABLE, _SHARED, _CONST = ParamKind.MUTABLE, ParamKind.SHARED, ParamKind.CONST


class LaunchChecks:
    """One kernel function's checks at launch: its source read and parsed at its first launch
    (``LaunchRules``), and the answer for each signature seen. Shared by a kernel's
    ``with_options`` variants, whose body is the same."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self._fn = fn
        self._rules: LaunchRules | None = None
        self._answers: dict[tuple[Any, ...], tuple[Diagnostic, ...]] = {}

    def rules(self) -> LaunchRules | None:
        """The rules on this kernel's source (None without source: nothing is checked)."""
        if self._rules is None:
            from tilecheck.kernel import LaunchRules

            src = kernel_source(self._fn)
            if src is None:
                return None
            source, path, first_line = src
            resolver = GlobalsResolver(self._fn.__globals__)
            self._rules = LaunchRules(source, path=path, first_line=first_line, resolver=resolver)
        return self._rules

    def keyed(self, params: Sequence[Param]) -> tuple[bool, ...]:
        """Per parameter, whether its items are part of a launch's signature: none when the
        rules decide everything on the kernel alone."""
        rules = self.rules()
        depends = rules is not None and rules.depends_on_launch
        return tuple(depends and p.kind in (_MUTABLE, _SHARED, _CONST) for p in params)

    def admit(
        self,
        kernel: Any,
        key: tuple[Any, ...],
        params: Sequence[Param],
        values: Sequence[Any],
        where: str,
    ) -> None:
        """Check a launch whose signature ``key`` is not in ``checked_launches``: raise a
        KernelError naming each finding, the kernel's line and the caller's ``where``, or
        remember the signature as checked."""
        items = key[1:]
        found = self._answers.get(items)
        if found is None:
            found = self._check(kernel, params, values)
            if len(self._answers) >= _MAX_CHECKED:
                self._answers.clear()
            self._answers[items] = found
        if found:
            shown = [d for p, v in zip(params, values, strict=True) if (d := _describe(p, v))]
            headline = f"cannot run the launch at {where} ({', '.join(shown)})"
            raise KernelError(format_findings(kernel.name, list(found), headline), found)
        if len(checked_launches) >= _MAX_CHECKED:
            checked_launches.clear()
        checked_launches.add(key)

    def _check(
        self, kernel: Any, params: Sequence[Param], values: Sequence[Any]
    ) -> tuple[Diagnostic, ...]:
        from tilecheck.kernel.inference import Specialization

        rules = self.rules()
        if rules is None:
            return ()
        if not rules.depends_on_launch:  # (the arguments may be anything: not read)
            return tuple(rules.check())
        tiles: dict[str, tuple[int, ...]] = {}
        shapes: dict[str, tuple[int, ...]] = {}
        constants = _module_ints(self._fn.__globals__, rules.free_names())
        for p, v in zip(params, values, strict=True):  # (checked by launch_key)
            if p.kind is _MUTABLE:
                tiles[p.name] = tuple(v.tile_shape)
                shapes[p.name] = tuple(v.tensor.shape)
            elif p.kind is _SHARED and (shape := _shape_of(v)) is not None:
                shapes[p.name] = shape
            elif p.kind is _CONST and isinstance(v, int) and not isinstance(v, bool):
                constants[p.name] = v
            elif p.kind is _CONST and isinstance(v, bool):
                constants[p.name] = int(v)
        return tuple(rules.check(Specialization(tiles, shapes, constants)))


def key_plan(params: Sequence[Param], keyed: Sequence[bool]) -> KeyPlan:
    """What ``launch_key`` reads of a kernel's arguments: (position, kind, what the value must
    be) of each keyed parameter, kind 0 a Mutable partition (of a tensor of that dtype), 1 a
    Shared tensor (of that dtype), 2 a ``Const`` (of those types). Made once per kernel."""
    kinds = {_MUTABLE: 0, _SHARED: 1}
    return tuple(
        (i, kinds.get(p.kind, 2), p.dtype if p.kind in kinds else p.accepts)
        for i, (p, wanted) in enumerate(zip(params, keyed, strict=True))
        if wanted
    )


def launch_key(kernel: Any, plan: KeyPlan, values: Sequence[Any]) -> tuple[Any, ...] | None:
    """A launch's signature as ``checked_launches`` holds it (the C path builds the same one),
    or None where an argument is not what its parameter takes: the launch's own checks then
    raise the error that says so. (On every launch of the Python path: kept to a loop over the
    keyed parameters.)"""
    key: tuple[Any, ...] = (kernel,)
    for i, kind, wanted in plan:
        v = values[i]
        if kind == 1:
            if type(v) is Tensor and v._dtype is wanted:
                key += (v._shape,)
            elif isinstance(v, (Tensor, Partition)) or (shape := _shape_of(v)) is None:
                return None
            else:  # another framework's array, wrapped for the launch
                key += (shape,)
        elif kind == 0:
            if type(v) is not Partition or v.tensor._dtype is not wanted:
                return None
            key += (v.tensor._shape, v.tile_shape)
        elif isinstance(v, wanted):
            key += (v,)
        else:
            return None
    return key


def _shape_of(v: Any) -> tuple[int, ...] | None:
    """The shape of a tensor or of another framework's array (None where it has none)."""
    try:
        return tuple(int(d) for d in v.shape)
    except (AttributeError, TypeError, ValueError):
        return None


def _module_ints(namespace: dict[str, Any], names: frozenset[str]) -> dict[str, int]:
    """The kernel's module constants: the ints among the globals it reads, by name."""
    return {n: v for n in names if type(v := namespace.get(n)) is int}


def _describe(p: Param, v: Any) -> str:
    """A launch's argument as the error shows it (nothing for a plain scalar)."""
    if p.kind is _MUTABLE:
        return f"`{p.name}`: {v.describe()}"
    if p.kind is _SHARED:
        described = v.describe() if isinstance(v, Tensor) else f"shape {_shape_of(v)}"
        return f"`{p.name}`: {described}"
    if p.kind is _CONST:
        return f"`{p.name}` = {v!r}"
    return ""
