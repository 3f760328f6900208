"""Which files a run checks: the given files, and the ``*.py`` files under the given folders,
less ``exclude`` matches and folders no one means to check (hidden ones, virtual environments,
build output, caches).

``exclude`` patterns are globs relative to the config file's folder. A pattern without a ``/``
matches any single path component (``build`` skips every folder named build); one with a ``/``
matches the relative path of the file or of a folder above it (``tests/cases``), as gitignore
and ruff match: ``*``, ``?`` and ``[...]`` stay inside one component (``a/*.py`` is the files
directly in ``a``), ``**`` as a whole component spans any number of them (``a/**/*.py``), and
a leading ``./`` is dropped (``./gen`` is the ``gen`` folder beside the config). Excludes apply
to explicitly named files too, as ruff's ``force-exclude`` does, so pre-commit (which passes
every staged file) respects them."""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterator, Sequence
from pathlib import Path, PurePosixPath

from tilecheck.config import Config

SKIPPED_DIRS = frozenset(
    {"__pycache__", "build", "dist", "node_modules", "site-packages", "venv", "__pypackages__"}
)


def _skipped_dir(entry: os.DirEntry[str]) -> bool:
    name = entry.name
    if name.startswith(".") or name in SKIPPED_DIRS or name.endswith(".egg-info"):
        return True
    return os.path.exists(os.path.join(entry.path, "pyvenv.cfg"))


class Excluder:
    """Matches paths against the config's ``exclude`` globs."""

    def __init__(self, config: Config) -> None:
        self.root = (config.root or Path.cwd()).absolute()
        self.component_globs = tuple(
            p.strip("/") for p in config.exclude if "/" not in p.strip("/")
        )
        self.path_globs = tuple(
            PurePosixPath(p).parts for p in config.exclude if "/" in p.strip("/")
        )  # PurePosixPath drops `./` and doubled or trailing slashes

    def excluded(self, path: Path) -> bool:
        if not self.component_globs and not self.path_globs:
            return False
        absolute = Path(os.path.abspath(path))
        try:
            relative = PurePosixPath(absolute.relative_to(self.root).as_posix())
        except ValueError:
            relative = None
        parts = relative.parts if relative is not None else absolute.parts
        for part in parts:
            if any(fnmatch.fnmatchcase(part, g) for g in self.component_globs):
                return True
        absolute_parts = PurePosixPath(absolute.as_posix()).parts
        for glob in self.path_globs:
            if glob[0] == "/":  # an absolute pattern
                if _matches_above(glob, absolute_parts):
                    return True
            elif relative is not None and _matches_above(glob, relative.parts):
                return True
        return False


def _matches_above(glob: tuple[str, ...], parts: tuple[str, ...]) -> bool:
    """Whether the path ``parts``, or a folder above it, matches the glob ``glob`` (both split
    into components): each component of the glob matches one of the path (``fnmatch``, so
    ``*`` never spans a ``/``), and ``**`` any number of them."""
    if not glob:
        return True  # the glob matched a folder above (or the path itself)
    head, rest = glob[0], glob[1:]
    if head == "**":
        return any(_matches_above(rest, parts[i:]) for i in range(len(parts) + 1))
    return bool(parts) and fnmatch.fnmatchcase(parts[0], head) and _matches_above(rest, parts[1:])


def _walk(directory: Path, excluder: Excluder) -> Iterator[Path]:
    try:
        entries = sorted(os.scandir(directory), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        path = directory / entry.name
        if entry.is_dir(follow_symlinks=False):
            if not _skipped_dir(entry) and not excluder.excluded(path):
                yield from _walk(path, excluder)
        elif entry.name.endswith(".py") and entry.is_file() and not excluder.excluded(path):
            yield path


def missing_paths(paths: Sequence[Path]) -> list[Path]:
    return [p for p in paths if not p.exists()]


def discover(paths: Sequence[Path], config: Config) -> list[Path]:
    """The files to check, each once, in a stable order: explicitly named files whatever their
    suffix (pre-commit passes scripts and stubs), ``*.py`` under folders."""
    excluder = Excluder(config)
    seen: set[Path] = set()
    found: list[Path] = []
    for root in paths:
        if root.is_dir():
            candidates: Iterator[Path] = _walk(root, excluder)
        elif root.is_file() and not excluder.excluded(root):
            candidates = iter((root,))
        else:
            continue
        for path in candidates:
            key = Path(os.path.abspath(path))
            if key not in seen:
                seen.add(key)
                found.append(path)
    return found
