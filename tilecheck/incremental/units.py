"""The rule passes' findings per top-level statement, kept from one check of a document to the
next and reused while nothing they depend on changed.

A top-level statement's findings (those of the bodies nested in it: a function, a class and
its methods, a kernel) depend on its own text and on what its analysis reads of the rest of
the module. That is, conservatively:

* the module's *outline*: every top-level statement other than a ``def`` or ``class`` (imports,
  constants, aliases: what names mean), the header of every ``def`` and ``class`` (its
  decorators and signature: kernels' parameters, device functions), and the names declared
  ``global`` or ``nonlocal`` anywhere;
* every ``def`` and ``class`` whose name its text mentions, and theirs in turn (the helpers and
  classes whose summaries it uses);
* for a decorated ``def`` (a kernel), every statement that mentions its name (its launches,
  which the tile-type rules read);
* the project's other files (their modification times), the path and the configured kernel
  decorators.

A statement is the same statement only as the very node the splice parser kept
(``tilecheck.incremental.splice``), so the key compares nodes by identity, and texts only for
headers. The findings are kept as nodes, not positions: they are placed again on every check,
so a statement that moved down keeps its findings at its new lines."""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import libcst as cst

from tilecheck.host.scopes import declared_anywhere
from tilecheck.incremental.splice import Parsed
from tilecheck.statement_positions import StatementMemo
from tilecheck.syntax.nodes import source_of

_NAMES = re.compile(r"[^\W\d]\w*")
_EMPTY_SUITE = cst.SimpleStatementSuite([cst.Pass()])


@dataclass
class _Entry:
    key: tuple[object, ...]
    findings: list[object]


@dataclass
class UnitCache:
    """Per document: the findings of each statement and what they were computed from."""

    memo: StatementMemo = field(default_factory=StatementMemo)
    entries: dict[cst.CSTNode, _Entry] = field(default_factory=dict)
    names: dict[cst.CSTNode, frozenset[str]] = field(default_factory=dict)
    headers: dict[cst.CSTNode, str] = field(default_factory=dict)
    declared: dict[cst.CSTNode, frozenset[str]] = field(default_factory=dict)
    outline: object = None  # the last round's, so that an unchanged one compares by identity

    def round(self, parsed: Parsed, context: Hashable) -> Round:
        return Round(self, parsed, context)

    def keep(self, statements: Sequence[cst.CSTNode]) -> None:
        alive = set(statements)
        for table in (self.entries, self.names, self.headers, self.declared):
            for gone in [s for s in table if s not in alive]:
                del table[gone]


class Round:
    """One check's use of the cache: ``findings(i)`` for a statement whose findings can be
    reused, ``store(i, ...)`` for one that was analysed; ``memo`` for placing them."""

    def __init__(self, cache: UnitCache, parsed: Parsed, context: Hashable) -> None:
        self._cache = cache
        self.memo = cache.memo
        self._parsed = parsed
        self._body = parsed.module.body
        self._keys: dict[int, tuple[object, ...]] = {}
        self._defined: dict[str, list[int]] = {}
        for index, statement in enumerate(self._body):
            if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                self._defined.setdefault(statement.name.value, []).append(index)
        self.declared_anywhere: frozenset[str] = frozenset().union(
            *(self._declared(s) for s in self._body)
        )
        outline = (tuple(self._header(s) for s in self._body), self.declared_anywhere, context)
        if outline != cache.outline:
            cache.outline = outline
        self._outline = cache.outline

    # -- what a statement's findings depend on ---------------------------------------------------
    def _names(self, index: int) -> frozenset[str]:
        statement = self._body[index]
        found = self._cache.names.get(statement)
        if found is None:
            found = self._cache.names[statement] = frozenset(
                _NAMES.findall(self._parsed.text(index))
            )
        return found

    def _header(self, statement: cst.CSTNode) -> object:
        """A ``def`` or ``class`` by its header's text; anything else by the node itself."""
        if not isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            return statement
        header = self._cache.headers.get(statement)
        if header is None:
            bare = statement.with_changes(body=_EMPTY_SUITE, leading_lines=())
            header = self._cache.headers[statement] = source_of(bare)
        return header

    def _declared(self, statement: cst.CSTNode) -> frozenset[str]:
        found = self._cache.declared.get(statement)
        if found is None:
            module = cst.Module(body=[statement])  # type: ignore[list-item]
            found = self._cache.declared[statement] = declared_anywhere(module)
        return found

    def _dependencies(self, index: int) -> tuple[cst.CSTNode, ...]:
        wanted = {index}
        pending = [index]
        while pending:
            for name in self._names(pending.pop()):
                for other in self._defined.get(name, ()):
                    if other not in wanted:
                        wanted.add(other)
                        pending.append(other)
        statement = self._body[index]
        if isinstance(statement, cst.FunctionDef) and statement.decorators:
            kernel = statement.name.value
            wanted.update(i for i in range(len(self._body)) if kernel in self._names(i))
        return tuple(self._body[i] for i in sorted(wanted))

    def _key(self, index: int) -> tuple[object, ...]:
        key = self._keys.get(index)
        if key is None:
            key = self._keys[index] = (self._outline, self._dependencies(index))
        return key

    # -- reuse ---------------------------------------------------------------------------------
    def findings(self, index: int) -> list[object] | None:
        """The findings statement ``index`` had, if nothing they depend on changed."""
        entry = self._cache.entries.get(self._body[index])
        return entry.findings if entry is not None and entry.key == self._key(index) else None

    def store(self, index: int, findings: list[object]) -> None:
        self._cache.entries[self._body[index]] = _Entry(self._key(index), findings)
