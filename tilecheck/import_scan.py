"""What a file imports, read from its bytes without parsing them.

The engine checks a file that mentions tilert, and also one that imports a module of the
checked tree which uses tilert (the user's own wrapper package: ``from mylib.gpu import vec``).
Which modules a file imports is read here by a byte search for import statements (``import a.b
as c, d``, ``from pkg import x, y``, ``from .mod import (y, z)``, ``from . import mod``): a
search, not a parse, so that skipping a file that concerns no tilert stays cheap. A line
inside a triple-quoted string (a docstring, a program kept as text) is no import; the count of
triple quotes before it says so, which a triple quote inside another kind of string can fool.
A name that is no module of the checked tree is simply not found."""

from __future__ import annotations

import re
from collections.abc import Sequence

_IMPORT = re.compile(
    rb"^[ \t]*(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]*(\([^)]*\)|[^\n#;]*)"
    rb"|import[ \t]+([^\n#;]*))",
    re.MULTILINE,
)


def needle_words(kernel_decorators: Sequence[str]) -> tuple[str, ...]:
    """The words that make a file concern tilert by its own text: ``tilert`` and the last
    component of each configured kernel decorator (``mylib.kernel`` may be imported as ``from
    mylib import kernel``)."""
    return ("tilert", *(d.rpartition(".")[2] for d in kernel_decorators))


def _names(text: bytes) -> list[str]:
    """The first word of each comma-separated part (``a.b as c`` -> ``a.b``), identifiers
    (dotted) only."""
    found = []
    for part in text.strip().strip(b"()").split(b","):
        words = part.split()
        if words:
            name = words[0].decode("ascii", "replace").strip("\\")
            if all(piece.isidentifier() for piece in name.split(".")):
                found.append(name)
    return found


def imported_modules(data: bytes) -> list[str]:
    """Every module an import statement in ``data`` may load, dotted, relative ones with
    their leading dots: for ``import a.b`` both ``a`` and ``a.b``; for ``from p import x`` both
    ``p`` and ``p.x`` (``x`` may be a submodule)."""
    if b"import" not in data:
        return []
    modules: list[str] = []
    quoted = [0, 0]  # triple quotes (double, single) seen before the statement
    last = 0
    for match in _IMPORT.finditer(data):
        start = match.start()
        quoted[0] += data.count(b'"""', last, start)
        quoted[1] += data.count(b"'''", last, start)
        last = start
        if quoted[0] % 2 or quoted[1] % 2:  # inside a docstring or a program in a string
            continue
        source, names, plain = match.groups()
        if plain is not None:
            for name in _names(plain):
                parts = name.split(".")
                modules.extend(".".join(parts[: i + 1]) for i in range(len(parts)))
            continue
        module = source.decode("ascii", "replace")
        dots = len(module) - len(module.lstrip("."))
        if not module or not all(p.isidentifier() for p in module[dots:].split(".") if p):
            continue
        modules.append(module)
        sep = "" if module.endswith(".") else "."
        modules.extend(module + sep + n for n in _names(names) if "." not in n)
    return modules
