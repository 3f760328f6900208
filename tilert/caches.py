"""Where tilert keeps what it learns across processes, and how to list and clear it
(``python -m tilert cache list|clear``): the kernels it lowered for cuTile, the autotune choices,
and cuTile's own compiled binaries. One definition of each place, read by the code that fills it."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path


def tilert_root() -> Path:
    """``$TILERT_CACHE_DIR``, default ``~/.cache/tilert`` (not created here)."""
    root = os.environ.get("TILERT_CACHE_DIR") or os.path.join(
        os.path.expanduser("~"), ".cache", "tilert"
    )
    return Path(root)


def cutile_root() -> Path | None:
    """cuTile's binary cache, as cuda.tile documents it: ``$CUDA_TILE_CACHE_DIR``, default
    ``$XDG_CACHE_HOME/cutile-python`` (``~/.cache``); None where that variable turns it off."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    value = os.environ.get("CUDA_TILE_CACHE_DIR", os.path.join(base, "cutile-python"))
    if value.strip().lower() in ("", "0", "off", "none"):
        return None
    return Path(value)


@dataclass(frozen=True)
class Cache:
    """One cache: its name on the command line, its folder, and what it holds."""

    name: str
    path: Path
    holds: str

    def usage(self) -> tuple[int, int]:
        """(files, bytes) under the folder; (0, 0) where it does not exist."""
        files = size = 0
        for dirpath, _, names in os.walk(self.path):
            for name in names:
                try:
                    size += os.lstat(os.path.join(dirpath, name)).st_size
                except OSError:  # removed while we walk
                    continue
                files += 1
        return files, size

    def clear(self) -> tuple[int, int]:
        """Remove the folder and everything in it; (files, bytes) removed."""
        found = self.usage()
        if self.path.is_dir():
            shutil.rmtree(self.path)
        elif self.path.exists():
            raise NotADirectoryError(f"{self.path} is not a folder: not removed")
        return found


def caches() -> list[Cache]:
    """Every cache tilert fills, at the paths the environment gives now."""
    root = tilert_root()
    found = [
        Cache("compiled", root / "cutile", "kernels lowered to cuTile source"),
        Cache("autotune", root / "autotune", "@tr.autotune choices per shape and device"),
    ]
    binaries = cutile_root()
    if binaries is not None:
        found.append(Cache("cutile", binaries, "cuTile's compiled binaries, cubins"))
    return found
