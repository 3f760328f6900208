"""A progress line on stderr for long runs: ``checked 1200/5000 files``, redrawn in place at
most ten times a second, shown only once a run has lasted a second (a short run prints
nothing) and erased before the findings are printed. The caller shows it only on a terminal,
for the text and full formats, and not with ``--quiet``."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

DELAY_S = 1.0
INTERVAL_S = 0.1


class Progress:
    def __init__(
        self,
        stream: TextIO,
        clock: Callable[[], float] = time.monotonic,
        delay: float | None = None,
        interval: float = INTERVAL_S,
    ) -> None:
        self.stream = stream
        self.clock = clock
        self.started = clock()
        self.delay = DELAY_S if delay is None else delay
        self.interval = interval
        self.drawn_at: float | None = None

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if now - self.started < self.delay:
            return
        if self.drawn_at is not None and now - self.drawn_at < self.interval and done < total:
            return
        self.stream.write(f"\r\x1b[Kchecked {done}/{total} files")
        self.stream.flush()
        self.drawn_at = now

    def close(self) -> None:
        """Erase the line, if one was drawn."""
        if self.drawn_at is not None:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.drawn_at = None
