"""File text for renderers that quote source lines, read once per file."""

from __future__ import annotations

import tokenize
from collections.abc import Callable

SourceProvider = Callable[[str], str | None]


class FileSources:
    """Reads files from disk (honoring their coding cookie); ``overrides`` maps a path to text
    already in hand (an editor buffer, a string checked with ``check_source``)."""

    def __init__(self, overrides: dict[str, str] | None = None) -> None:
        self._texts: dict[str, str | None] = dict(overrides or {})

    def __call__(self, path: str) -> str | None:
        if path not in self._texts:
            try:
                with tokenize.open(path) as f:
                    self._texts[path] = f.read()
            except (OSError, SyntaxError, UnicodeDecodeError):
                self._texts[path] = None
        return self._texts[path]
