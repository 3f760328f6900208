"""Which files a run checks: the given files, and the ``*.py`` files under the given folders,
less ``exclude`` matches (``tilecheck.globs``), what git ignores (``tilecheck.gitignore``,
unless ``respect-gitignore = false``) and folders no one means to check (hidden ones, virtual
environments, build output, caches).

Excludes apply to explicitly named files too, as ruff's ``force-exclude`` does, so pre-commit
(which passes every staged file) respects them. ``.gitignore`` prunes only what the walk finds
under a folder, as in ruff: a file named on the command line is checked even if git ignores
it (pre-commit passes only tracked files anyway)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from tilecheck.config import Config
from tilecheck.gitignore import Ignores
from tilecheck.globs import PathGlobs

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
        self.globs = PathGlobs(config.exclude, config.root or Path.cwd())

    def excluded(self, path: Path | str) -> bool:
        return self.globs.matches(path)


def _walk(directory: Path, excluder: Excluder, ignores: Ignores | None) -> Iterator[Path]:
    try:
        entries = sorted(os.scandir(directory), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        path = directory / entry.name
        if entry.is_dir(follow_symlinks=False):
            if _skipped_dir(entry) or excluder.excluded(path):
                continue
            if ignores is not None and ignores.ignored(path, is_dir=True):
                continue
            yield from _walk(path, excluder, ignores.entered(path) if ignores else None)
        elif entry.name.endswith(".py") and entry.is_file() and not excluder.excluded(path):
            if ignores is None or not ignores.ignored(path, is_dir=False):
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
            ignores = Ignores.within(root) if config.respect_gitignore else None
            candidates: Iterator[Path] = _walk(root, excluder, ignores)
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
