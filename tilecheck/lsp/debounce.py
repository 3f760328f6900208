"""Per-document debouncing: a burst of edits schedules one check, ``delay`` after the last."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any


class Debouncer:
    """Runs the latest coroutine scheduled under a key once no newer one came for ``delay``
    seconds; scheduling again under the key (or cancelling it) drops the waiting one."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self._waiting: dict[str, asyncio.TimerHandle] = {}
        self._running: set[asyncio.Task[None]] = set()  # strong references until done

    def schedule(
        self,
        key: str,
        work: Callable[[], Coroutine[Any, Any, None]],
        delay: float | None = None,
    ) -> None:
        self.cancel(key)
        loop = asyncio.get_running_loop()
        wait = self.delay if delay is None else delay
        self._waiting[key] = loop.call_later(wait, self._start, key, work)

    def cancel(self, key: str) -> None:
        handle = self._waiting.pop(key, None)
        if handle is not None:
            handle.cancel()

    def _start(self, key: str, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        self._waiting.pop(key, None)
        task = asyncio.ensure_future(work())
        self._running.add(task)
        task.add_done_callback(self._running.discard)
