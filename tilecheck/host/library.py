"""``tilert.kernels`` (``tk.softmax(out, x)``): library functions that partition their outputs
themselves and return a lazy op. What each one writes is declared once, in the library, by
``@writes("out", "residual")`` on the function (``tilert/kernels/_common.py``); the runtime
reads the decorator's record and this module reads the decorator from the library's source,
with ``ast`` (fast, and nothing of tilert is imported). A call is then a launch whose written
parameters take tensors (borrowed exclusively, as the partition the function makes) and whose
other tensor parameters are read."""

from __future__ import annotations

import ast
import functools
import importlib.util
from dataclasses import replace
from pathlib import Path

from tilecheck.diagnostics import Span
from tilecheck.host.launch import LaunchSignature
from tilecheck.host.library_allocations import library_allocations
from tilecheck.kernel_signature import KernelSignature, ParamKind, ParamSig

PACKAGE = "tilert.kernels"
_DECORATOR = "writes"


def library_signature(canonical: str) -> LaunchSignature | None:
    """The launch signature of ``tilert.kernels.<name>`` (or of ``<name>`` in one of its
    modules), if the library declares what it writes."""
    if not canonical.startswith(PACKAGE + "."):
        return None
    return _declared().get(canonical.rpartition(".")[2])


def library_allocates(canonical: str) -> bool:
    """``tilert.kernels.<name>`` is a function of the library that is no launch and allocates
    whatever it is given (its body calls a tensor factory, or a helper that does, unguarded:
    ``decode_workspace``), read from the library's source as ``@writes`` is."""
    if not canonical.startswith(PACKAGE + "."):
        return False
    _declared()
    return canonical.rpartition(".")[2] in _ALLOCATING


_ALLOCATING: set[str] = set()  # (filled by ``_declared``)
_PLAIN = frozenset({"staticmethod", "classmethod", "property"})


@functools.cache
def library_methods() -> frozenset[str]:
    """``tilert.<Class>.<method>`` for every instance method the library's stubs declare
    (``tilert/*.pyi``: a top-level class's ``def m(self, ...)``, not a static or class
    method nor a property): ``tr.Tensor.copy_from(t, x)`` is ``t.copy_from(x)``."""
    folder = _package_folder()
    found: set[str] = set()
    if folder is None:
        return frozenset()
    for path in sorted(folder.parent.glob("*.pyi")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, UnicodeDecodeError):
            continue
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            for fn in node.body:
                if not isinstance(fn, ast.FunctionDef) or not fn.args.args:
                    continue
                marks = {getattr(d, "id", getattr(d, "attr", None)) for d in fn.decorator_list}
                plain = fn.args.args[0].arg == "self" and not fn.name.startswith("__")
                if plain and not marks & _PLAIN:
                    found.add(f"tilert.{node.name}.{fn.name}")
    return frozenset(found)


@functools.cache
def _declared() -> dict[str, LaunchSignature]:
    folder = _package_folder()
    found: dict[str, LaunchSignature] = {}
    if folder is None:
        return found
    trees: list[ast.Module] = []
    for path in sorted(folder.glob("*.py")):
        try:
            trees.append(ast.parse(path.read_text(encoding="utf-8")))
        except (OSError, SyntaxError, UnicodeDecodeError):
            continue
    allocations = library_allocations(trees)
    for tree in trees:
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                written = _written(node)
                if written is not None:
                    signature = _signature(node, written)
                    found[node.name] = replace(signature, allocates=allocations.get(node.name))
                elif node.name in allocations and allocations[node.name].always:
                    _ALLOCATING.add(node.name)
    return found


def _package_folder() -> Path | None:
    """Where ``tilert`` is installed, found without importing it."""
    try:
        spec = importlib.util.find_spec("tilert")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        folder = Path(location) / "kernels"
        if folder.is_dir():
            return folder
    return None


def _written(fn: ast.FunctionDef) -> frozenset[str] | None:
    """The names ``@writes(...)`` gives, if ``fn`` has that decorator."""
    for decorator in fn.decorator_list:
        if not isinstance(decorator, ast.Call):
            continue
        func = decorator.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name == _DECORATOR:
            return frozenset(
                a.value
                for a in decorator.args
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            )
    return None


def _signature(fn: ast.FunctionDef, written: frozenset[str]) -> LaunchSignature:
    """Written parameters are Mutable (they take the tensor: ``LaunchSignature.library``),
    those annotated with tensors Shared, the rest scalars."""
    args = fn.args
    params: list[ParamSig] = []
    everything = (*args.posonlyargs, *args.args, *args.kwonlyargs)
    for arg in everything:
        if arg.arg in written:
            kind = ParamKind.MUTABLE
        elif arg.annotation is not None and "Tensor" in ast.unparse(arg.annotation):
            kind = ParamKind.SHARED
        else:
            kind = ParamKind.SCALAR
        params.append(ParamSig(arg.arg, kind, None, Span.point(fn.lineno)))
    signature = KernelSignature(fn.name, tuple(params), False, False, Span.point(fn.lineno))
    defaults = len(args.defaults)
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    optional = set(positional[len(positional) - defaults :] if defaults else ())
    optional |= {a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d}
    return LaunchSignature(
        signature,
        tuple(positional),
        frozenset(a.arg for a in (*args.args, *args.kwonlyargs)),
        frozenset(a.arg for a in everything if a.arg not in optional),
        args.vararg is not None or args.kwarg is not None,
        library=True,
    )
