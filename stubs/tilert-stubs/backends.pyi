from collections.abc import Sequence
from functools import _lru_cache_wrapper
from typing import Any, Protocol

class Backend(Protocol):
    name: str
    def launch(
        self, kernel: Any, args: Sequence[object], grid: tuple[int, ...], stream: Any = None
    ) -> None: ...

class InterpretBackend:
    name: str
    def launch(
        self, kernel: Any, args: Sequence[object], grid: tuple[int, ...], stream: Any = None
    ) -> None: ...

cutile_unavailable_reason: _lru_cache_wrapper[str | None]
current: _lru_cache_wrapper[Backend]  # functools.cache: also has cache_clear()
