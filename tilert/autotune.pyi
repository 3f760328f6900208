"""``@tr.autotune``: the fastest of several launch configurations, per problem shape."""

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from tilert.ops import Op

ROUND_SECONDS: float
MAX_REPLAYS: int
SCRUB_BYTES: int

class Config:
    def __init__(self, **values: Any) -> None: ...
    def __getattr__(self, name: str) -> Any: ...
    def as_dict(self) -> dict[str, Any]: ...
    def to_json(self) -> str: ...
    @classmethod
    def from_json(cls, text: str) -> Config: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

Trial = tuple[Config, float | str]

class Autotuned:
    fn: Callable[..., Op]
    configs: list[Config]
    key: list[str]
    warmup: int
    rep: int
    use_disk: bool
    cold: bool
    last_tuning: list[Trial]
    def __init__(
        self,
        fn: Callable[..., Op],
        configs: Sequence[Config],
        key: Sequence[str],
        warmup: int,
        rep: int,
        cache: bool,
        cold: bool = False,
    ) -> None: ...
    def __call__(self, *args: Any, **kwargs: Any) -> Op: ...
    def best_config(self, *args: Any, **kwargs: Any) -> Config: ...
    def path(self) -> Path: ...

def autotune(
    configs: Iterable[Config],
    key: Sequence[str],
    *,
    warmup: int = 1,
    rep: int = 3,
    cache: bool = True,
    cold: bool = False,
) -> Callable[[Callable[..., Op]], Autotuned]: ...
