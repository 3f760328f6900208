"""The compile cache of the cutile backend: a kernel's lowered source written to a file (cuTile
reads kernel source through ``inspect``), one per distinct source, under ``$TILERT_CACHE_DIR``
(default ``~/.cache/tilert/cutile``), loaded as a ``ct.kernel``; cuTile's own on-disk cache keeps
compiled binaries across processes. And cuTile's errors located at the user's line."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import re
from pathlib import Path
from typing import Any

from tilert.caches import tilert_root
from tilert.cutile import direct
from tilert.cutile.lowering import Lowered
from tilert.errors import KernelError


def cache_dir() -> Path:
    path = tilert_root() / "cutile"
    path.mkdir(parents=True, exist_ok=True)
    return path


class Compiled:
    """One lowered kernel loaded as a ``ct.kernel``."""

    def __init__(self, lowered: Lowered) -> None:
        self.lowered = lowered
        digest = hashlib.sha256(lowered.source.encode()).hexdigest()[:16]
        self.path = cache_dir() / f"{lowered.entry}_{digest}.py"
        if not self.path.exists() or self.path.read_text() != lowered.source:
            tmp = self.path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(lowered.source)
            tmp.replace(self.path)
        spec = importlib.util.spec_from_file_location(f"tilert_cutile_{digest}", self.path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self.kernel = getattr(module, lowered.entry)
        direct_on = direct.enabled()
        if direct_on:  # (its JIT's compiles kept: what a direct launch needs)
            self.kernel = direct.recording(self.kernel)
        # its direct launch (made after its first launch, by the backend), or None
        self.direct: direct.Direct | None = None
        self.direct_tried = not direct_on
        self.owner: Any = None  # the tilert kernel it was lowered from (see compiled())
        # its own launch function (a dependent launch's), or None: the backend's ``ct.launch``
        self.launch: Any = None


_SIGNALLED = re.compile(r"Return code -(\d+)")


def user_error(
    kernel: Any, compiled: Compiled, exc: Exception, hint: str | None = None
) -> KernelError:
    """cuTile's error, located at the user's line (not the generated file's), with ``hint``
    (what to write instead) when there is one."""
    loc = getattr(exc, "loc", None)
    message = getattr(exc, "message", str(exc))
    crashed = _SIGNALLED.search(message)
    if hint is None and crashed is not None:
        hint = (
            f"NVIDIA's Tile IR compiler `tileiras` was killed by signal {crashed[1]}: a crash "
            "of the compiler, not a fault tilert found in the kernel; docs/language.md lists "
            "the forms known to crash it and how to write them"
        )
    line = None
    if loc is not None and str(getattr(loc, "filename", "")) == str(compiled.path):
        line = compiled.lowered.user_line(int(loc.line))
    where = f"{compiled.lowered.path}:{line}" if line else f"{compiled.lowered.path}"
    return KernelError(
        f"{where}: cuTile rejected kernel `{kernel.name}`: {message} "
        + (f"({hint}) " if hint else "")
        + f"(generated source: {compiled.path})"
    )
