"""Binding a kernel call's arguments to the kernel's parameters, as ``inspect.bind`` would at
run time, with the arity problems TC106 reports."""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.host.library_allocations import Allocation
from tilecheck.kernel_signature import KernelSignature, ParamSig

GRID_KEYWORD = "grid"  # every kernel call takes ``grid=``, outside the kernel's own parameters


@frozen
class LaunchSignature:
    """A kernel's host-side calling convention: its parameters' kinds (from the checker's
    ``KernelSignature``) and how each may be passed (from the ``def``)."""

    signature: KernelSignature
    positional: tuple[str, ...]  # may be passed by position, in order
    keyword: frozenset[str]  # may be passed by keyword
    required: frozenset[str]  # have no default
    variadic: bool  # ``*args`` or ``**kwargs`` in the def: arity is not checked
    # A library function (``tilecheck.host.library``): its Mutable parameters take tensors,
    # which it partitions itself.
    library: bool = False
    allocates: Allocation | None = None  # a library function that may allocate (TC111)

    @property
    def name(self) -> str:
        return self.signature.name

    @classmethod
    def from_def(cls, signature: KernelSignature, fn: cst.FunctionDef) -> LaunchSignature:
        params = fn.params
        positional = [p.name.value for p in (*params.posonly_params, *params.params)]
        keyword = [p.name.value for p in (*params.params, *params.kwonly_params)]
        everything = (*params.posonly_params, *params.params, *params.kwonly_params)
        required = [p.name.value for p in everything if p.default is None]
        variadic = isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None
        return cls(signature, tuple(positional), frozenset(keyword), frozenset(required), variadic)


@dataclass
class Binding:
    """Each argument that reached a parameter, in call order, and what did not fit."""

    args: list[tuple[ParamSig, cst.Arg]] = field(default_factory=list)
    problems: list[tuple[cst.CSTNode, str]] = field(default_factory=list)


def bind(launch: LaunchSignature, call: cst.Call, args: list[cst.Arg] | None = None) -> Binding:
    out = Binding()
    sig = launch.signature
    given: dict[str, cst.Arg] = {}
    open_ended = launch.variadic
    position = 0
    spread = False  # a ``*args`` of unknown length came first: later positions are not known
    for arg in call.args if args is None else args:
        if arg.star:
            open_ended = True  # *args / **kwargs in the call: what binds where is not visible
            spread = spread or arg.star == "*"
            continue
        if arg.keyword is None:
            if spread or (open_ended and position >= len(launch.positional)):
                continue
            if position >= len(launch.positional):
                if position == len(launch.positional):
                    out.problems.append((arg.value, _too_many(launch, call)))
                position += 1
                continue
            name = launch.positional[position]
            position += 1
        else:
            name = arg.keyword.value
            if name == GRID_KEYWORD and name not in launch.keyword:
                continue
            if name not in launch.keyword:
                if not launch.variadic:
                    why = "is positional-only" if name in launch.positional else "does not exist"
                    out.problems.append(
                        (arg, f"kernel `{sig.name}` has no keyword parameter `{name}` (it {why})")
                    )
                continue
        if name in given:
            out.problems.append((arg, f"kernel `{sig.name}` got two values for parameter `{name}`"))
            continue
        given[name] = arg
        param = sig.param(name)
        if param is not None:
            out.args.append((param, arg))
    if not open_ended:
        missing = [
            n
            for n in launch.positional + tuple(sorted(launch.keyword - set(launch.positional)))
            if n in launch.required and n not in given
        ]
        if missing:
            listed = ", ".join(f"`{n}`" for n in missing)
            out.problems.append((call, f"kernel `{sig.name}` is missing an argument for {listed}"))
    return out


def _too_many(launch: LaunchSignature, call: cst.Call) -> str:
    takes = len(launch.positional)
    given = sum(1 for a in call.args if a.keyword is None and not a.star)
    plural = "" if takes == 1 else "s"
    return (
        f"kernel `{launch.name}` takes {takes} positional argument{plural} but {given} were given"
    )
