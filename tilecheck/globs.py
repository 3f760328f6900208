"""Path globs as ``exclude`` and ``per-file-ignores`` write them, matched as gitignore and ruff
match: a pattern without a ``/`` matches any single path component (``build`` is every folder
or file named build); one with a ``/`` matches the path relative to the config's folder, or a
folder above it (``tests/cases``). ``*``, ``?`` and ``[...]`` stay inside one component, ``**``
as a whole component spans any number of them, and a leading ``./`` (and doubled or trailing
slashes) is dropped. Absolute patterns (``/abs/path/*``) match absolute paths.

One implementation for both settings, so that a pattern means the same in each."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Sequence
from pathlib import Path, PurePosixPath


class PathGlobs:
    """Matches paths against ``patterns``, relative ones taken from ``root``."""

    def __init__(self, patterns: Sequence[str], root: Path) -> None:
        self.root = root.absolute()
        self.component_globs = tuple(p.strip("/") for p in patterns if "/" not in p.strip("/"))
        self.path_globs = tuple(
            PurePosixPath(p).parts for p in patterns if "/" in p.strip("/")
        )  # PurePosixPath drops `./` and doubled or trailing slashes

    def __bool__(self) -> bool:
        return bool(self.component_globs or self.path_globs)

    def matches(self, path: Path | str) -> bool:
        """Whether ``path`` (relative to the cwd, or absolute), or a folder above it, matches
        one of the patterns."""
        if not self:
            return False
        absolute = Path(os.path.abspath(path))
        try:
            relative: PurePosixPath | None = PurePosixPath(
                absolute.relative_to(self.root).as_posix()
            )
        except ValueError:
            relative = None
        parts = relative.parts if relative is not None else absolute.parts
        for part in parts:
            if any(fnmatch.fnmatchcase(part, g) for g in self.component_globs):
                return True
        absolute_parts = PurePosixPath(absolute.as_posix()).parts
        for glob in self.path_globs:
            if glob[0] == "/":  # an absolute pattern
                if matches_above(glob, absolute_parts):
                    return True
            elif relative is not None and matches_above(glob, relative.parts):
                return True
        return False


def matches_above(glob: tuple[str, ...], parts: tuple[str, ...]) -> bool:
    """Whether the path ``parts``, or a folder above it, matches the glob ``glob`` (both split
    into components): each component of the glob matches one of the path (``fnmatch``, so
    ``*`` never spans a ``/``), and ``**`` any number of them."""
    if not glob:
        return True  # the glob matched a folder above (or the path itself)
    head, rest = glob[0], glob[1:]
    if head == "**":
        return any(matches_above(rest, parts[i:]) for i in range(len(parts) + 1))
    return bool(parts) and fnmatch.fnmatchcase(parts[0], head) and matches_above(rest, parts[1:])
