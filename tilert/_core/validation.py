"""Kernel validation at decoration and first launch: tilecheck's kernel rules (TC2xx), run
unchanged on the function's source, with names resolved from the function's globals."""

from __future__ import annotations

import builtins
import inspect
import textwrap
import types
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from tilecheck.diagnostics import Diagnostic
from tilecheck.names import DEVICE_FUNCTION, LANG, is_lang
from tilert.errors import KernelError

_published: list[Any] = []  # the public namespaces kernels use (see publish)


def publish(namespace: Any, name: str) -> None:
    """Make ``namespace``'s public names resolvable as ``name.X`` in kernels (``tilert`` and
    ``tilert.lang`` publish themselves when imported: this module sits below them)."""
    _published.append((namespace, name))
    _canonical_names.cache_clear()


@cache
def _canonical_names() -> dict[int, str]:
    """id(object) -> canonical name for tilert's public objects (see tilecheck.names)."""
    names: dict[int, str] = {}
    published = sorted(_published, key=lambda entry: entry[1].count("."))  # tilert first
    for namespace, prefix in published:
        names[id(namespace)] = prefix
    for namespace, prefix in published:
        public = getattr(namespace, "__all__", None) or dir(namespace)
        for attr in public:
            if not attr.startswith("_") and hasattr(namespace, attr):  # (still being defined)
                names.setdefault(id(getattr(namespace, attr)), f"{prefix}.{attr}")
    return names


class GlobalsResolver:
    """Resolve dotted names the way the kernel's module sees them, right now."""

    # At run time every name is a real object, so "not a device function" is known for sure
    # (the static resolver can only say that of names it sees defined).
    knows_device_functions = True

    def __init__(self, namespace: dict[str, Any]) -> None:
        self._ns = namespace

    def resolve(self, dotted: str) -> str | None:
        parts = dotted.split(".")
        obj = lookup(self._ns, parts)
        return _missing_lang_name(self._ns, parts) if obj is None else canonical_name(obj)


def _missing_lang_name(namespace: Mapping[str, Any], parts: Sequence[str]) -> str | None:
    """``tilert.lang.exq`` for ``tl.exq`` when the published ``tilert.lang`` (or
    ``tl.unsafe``) has no ``exq``: the name the kernel means, which the kernel rules then
    report as not part of the language, rather than the first launch failing on it. None
    for any other name that means nothing."""
    obj = lookup(namespace, parts[:1])
    for position, part in enumerate(parts[1:], 1):
        if obj is None:
            return None
        attribute = getattr(obj, part, None)
        if attribute is None:
            prefix = next((name for ns, name in _published if ns is obj), None)
            if prefix is not None and (prefix == LANG or is_lang(prefix)):
                return ".".join([prefix, *parts[position:]])
            return None
        obj = attribute
    return None


def lookup(namespace: Mapping[str, Any], parts: Sequence[str]) -> Any:
    """The object a dotted name (``["tl", "exp"]``) means in ``namespace`` (a module's
    globals, then the builtins), or None where it means nothing."""
    head, *rest = parts
    if head in namespace:
        obj = namespace[head]
    elif hasattr(builtins, head):
        obj = getattr(builtins, head)
    else:
        return None
    for part in rest:
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


class CallableFromKernels:
    """The base of ``@tr.kernel`` and ``@tr.function`` objects: to the kernel rules, a name
    bound to one is a device function."""


def canonical_name(obj: Any) -> str | None:
    if isinstance(obj, CallableFromKernels):
        return DEVICE_FUNCTION
    known = _canonical_names().get(id(obj))
    if known is not None:
        return known
    name = getattr(obj, "__name__", None)
    if isinstance(name, str) and getattr(builtins, name, None) is obj:
        return f"builtins.{name}"
    if isinstance(obj, types.ModuleType):
        return obj.__name__
    module = getattr(obj, "__module__", None)
    qualname = getattr(obj, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str):
        return f"{module}.{qualname}"
    return None


def kernel_source(fn: Any) -> tuple[str, str, int] | None:
    """(dedented source, path, first line) of a function, or None when Python kept no source."""
    try:
        lines, first_line = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        return None
    return textwrap.dedent("".join(lines)), fn.__code__.co_filename, first_line


def findings(fn: Any) -> list[Diagnostic]:
    """The TC2xx findings for ``fn`` (empty when its source is unavailable)."""
    from tilecheck.kernel import check_kernel_source

    src = kernel_source(fn)
    if src is None:
        return []
    source, path, first_line = src
    return check_kernel_source(
        source, path=path, first_line=first_line, resolver=GlobalsResolver(fn.__globals__)
    )


def format_findings(
    name: str, diagnostics: list[Diagnostic], headline: str = "cannot be compiled"
) -> str:
    from tilecheck.catalog import catalog

    lines = [f"kernel `{name}` {headline}:"]
    for d in diagnostics:
        rule = catalog().get(d.code)
        slug = rule.slug if rule else "?"
        lines.append(f"  {d.location()}: {d.code} [{slug}] {d.message}")
    return "\n".join(lines)


def validate(fn: Any, name: str) -> None:
    """Raise KernelError, located at the kernel's source, if any kernel rule is broken."""
    diagnostics = findings(fn)
    if diagnostics:
        raise KernelError(format_findings(name, diagnostics), tuple(diagnostics))
