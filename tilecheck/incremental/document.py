"""What the editor's server keeps between checks of one open document, so that a check after
an edit re-parses and re-analyses only what the edit touched: the splice parser's last tree,
the statements' measurements, and each statement's findings (``units``)."""

from __future__ import annotations

from collections.abc import Hashable

import libcst as cst

from tilecheck.diagnostics import Diagnostic
from tilecheck.incremental.splice import Parsed, SpliceParser
from tilecheck.incremental.units import Round, UnitCache
from tilecheck.statement_positions import StatementMemo


class Document:
    def __init__(self) -> None:
        self._units = UnitCache()
        self._parser = SpliceParser(self._units.memo)
        self.parsed: Parsed | None = None

    @property
    def memo(self) -> StatementMemo:
        """The statements' measurements (kept while the statements are)."""
        return self._units.memo

    @property
    def reparsed(self) -> int:
        """How many top-level statements the last parse parsed (the rest were kept)."""
        return self._parser.reparsed

    def parse(self, source: str, path: str) -> cst.Module | Diagnostic:
        found = self._parser.parse(source, path)
        self.parsed = found if isinstance(found, Parsed) else None
        return found.module if isinstance(found, Parsed) else found

    def round(self, context: Hashable) -> Round | None:
        """The cache for checking the module just parsed (None when its statements' texts are
        not known: then everything is analysed)."""
        if self.parsed is None or self.parsed.starts is None:
            return None
        return self._units.round(self.parsed, context)

    def checked(self) -> None:
        """Forget what belongs to statements the last version no longer has."""
        statements = self.parsed.module.body if self.parsed is not None else ()
        self._units.keep(statements)
        self._units.memo.keep(statements)
