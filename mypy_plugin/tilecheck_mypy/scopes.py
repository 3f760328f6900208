"""The scope a call is checked in, and that scope's aliases. A function's calls are checked one
after another, so the aliases of the last scope are kept."""

from __future__ import annotations

from mypy.checker import TypeChecker
from mypy.nodes import FuncItem, MypyFile

from tilecheck_mypy.aliases import Aliases


class AliasCache:
    def __init__(self) -> None:
        self._scope: FuncItem | MypyFile | None = None
        self._aliases: Aliases | None = None

    def for_checker(self, checker: TypeChecker) -> Aliases:
        scope: FuncItem | MypyFile = checker.scope.current_function() or checker.tree
        if self._aliases is None or self._scope is not scope:
            self._scope, self._aliases = scope, Aliases(scope)
        return self._aliases
