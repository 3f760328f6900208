"""``--watch``: check, then check again whenever a watched file changes, until Ctrl-C.

Polling, with no dependency: every half second the watched files (those a run would check,
found afresh so that new files count, and every config file that could apply) are listed with
their modification times and sizes, and a difference from the last listing starts a new run.
A run over thousands of files costs seconds, a listing milliseconds."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

INTERVAL_S = 0.5

Fingerprint = dict[str, tuple[int, int]]


def fingerprint(paths: Iterable[Path]) -> Fingerprint:
    """Each existing file's modification time and size."""
    out: Fingerprint = {}
    for path in paths:
        try:
            stat = os.stat(path)
        except OSError:
            continue
        out[str(path)] = (stat.st_mtime_ns, stat.st_size)
    return out


def watch(
    run: Callable[[], int],
    snapshot: Callable[[], object],
    log: TextIO,
    sleep: Callable[[float], None] | None = None,
    interval: float = INTERVAL_S,
) -> int:
    """Call ``run``, then again each time ``snapshot()`` differs from the previous one; 0
    once interrupted (Ctrl-C). ``sleep``: ``time.sleep``, looked up at each call."""
    try:
        seen = snapshot()
        run()
        log.write("Watching for file changes (Ctrl-C to stop).\n")
        log.flush()
        while True:
            (sleep or time.sleep)(interval)
            now = snapshot()
            if now != seen:
                seen = now
                log.write(f"[{time.strftime('%H:%M:%S')}] File change detected, checking.\n")
                log.flush()
                run()
    except KeyboardInterrupt:
        return 0
