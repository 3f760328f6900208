"""``@tr.autotune``: pick the fastest of several launch configurations per problem shape, as
Triton's autotune does, and remember the choice on disk.

The decorated host function ``f(cfg, *args) -> Op`` builds one launch from one ``tr.Config``.
The first call for a key (the shapes and dtypes of the named tensor arguments, the values of
named scalars) runs every config's op a few times and keeps the fastest; later calls, in this
process or (through the on-disk cache) in later ones, build the op of the remembered config.
Trial runs write the outputs, as Triton's do."""

from __future__ import annotations

import functools
import inspect
import json
import os
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from tilert import backends
from tilert.ops import Op
from tilert.tensor import Tensor


class Config:
    """One launch configuration: named values (tile sizes, ``occupancy``, ``num_ctas``, ...),
    read as attributes: ``cfg.bm``."""

    def __init__(self, **values: Any) -> None:
        self._values = dict(sorted(values.items()))

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["_values"][name]
        except KeyError:
            raise AttributeError(f"{self!r} has no value `{name}`") from None

    def as_dict(self) -> dict[str, Any]:
        return dict(self._values)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Config) and other._values == self._values

    def __hash__(self) -> int:
        return hash(json.dumps(self._values, sort_keys=True, default=str))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._values.items())
        return f"Config({inner})"


Trial = tuple[Config, float | str]  # seconds per run, or why the config failed


class Autotuned:
    """A host function with its configs; calling it returns the Op of the best config."""

    def __init__(
        self,
        fn: Callable[..., Op],
        configs: Sequence[Config],
        key: Sequence[str],
        warmup: int,
        rep: int,
        cache: bool,
    ) -> None:
        if not configs:
            raise ValueError(f"@tr.autotune on `{fn.__qualname__}`: no configs given")
        self.fn = fn
        self.configs = list(configs)
        self.key = list(key)
        self.warmup, self.rep, self.use_disk = warmup, rep, cache
        self._signature = inspect.signature(fn)
        params = list(self._signature.parameters)[1:]
        unknown = [k for k in self.key if k not in params]
        if unknown:
            raise ValueError(
                f"@tr.autotune on `{fn.__qualname__}`: key names {unknown} are not parameters "
                f"of it (it takes cfg, {', '.join(params)})"
            )
        self._best: dict[str, Config] = {}
        self.last_tuning: list[Trial] = []
        functools.update_wrapper(self, fn)

    def __call__(self, *args: Any, **kwargs: Any) -> Op:
        return self.fn(self.best_config(*args, **kwargs), *args, **kwargs)

    def best_config(self, *args: Any, **kwargs: Any) -> Config:
        """The config for these arguments: remembered, read from disk, or tuned now."""
        key = self._key(args, kwargs)
        found = self._best.get(key)
        if found is None:
            found = self._from_disk(key)
            if found is None:
                found = self._tune(args, kwargs)
                self._to_disk(key, found)
            self._best[key] = found
        return found

    # -- tuning -----------------------------------------------------------------------------
    def _tune(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Config:
        verbose = os.environ.get("TILERT_AUTOTUNE_VERBOSE") == "1"
        trials: list[Trial] = []
        for cfg in self.configs:
            try:
                result: float | str = self._time(cfg, args, kwargs)
            except Exception as exc:  # a config the compiler or the launch refuses
                result = f"{type(exc).__name__}: {exc}"
            trials.append((cfg, result))
            if verbose:
                shown = f"{result * 1e6:.1f} us" if isinstance(result, float) else result
                print(f"autotune {self.fn.__qualname__}: {cfg}: {shown}", flush=True)
        self.last_tuning = trials
        timed = [(t, cfg) for cfg, t in trials if isinstance(t, float)]
        if not timed:
            listing = "; ".join(f"{cfg}: {why}" for cfg, why in trials)
            raise RuntimeError(
                f"@tr.autotune on `{self.fn.__qualname__}`: every config failed: {listing}"
            )
        return min(timed, key=lambda pair: pair[0])[1]

    def _time(self, cfg: Config, args: tuple[Any, ...], kwargs: dict[str, Any]) -> float:
        for _ in range(self.warmup):
            self.fn(cfg, *args, **kwargs).sync()
        best = float("inf")
        for _ in range(self.rep):
            start = time.perf_counter()
            self.fn(cfg, *args, **kwargs).sync()
            best = min(best, time.perf_counter() - start)
        return best

    # -- keys and the disk cache --------------------------------------------------------------
    def _key(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
        bound = self._signature.bind(None, *args, **kwargs)
        parts = [_describe(bound.arguments[name]) for name in self.key]
        return json.dumps([backends.current().name, _device_name(), parts])

    def _path(self) -> Path:
        root = os.environ.get("TILERT_CACHE_DIR") or os.path.join(
            os.path.expanduser("~"), ".cache", "tilert"
        )
        return Path(root) / "autotune" / f"{self.fn.__module__}.{self.fn.__qualname__}.json"

    def _read(self) -> dict[str, dict[str, Any]]:
        path = self._path()
        if not path.exists():
            return {}
        try:
            data = json.loads(path.read_text())
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            return data
        except (OSError, ValueError) as exc:
            warnings.warn(f"ignoring the autotune cache {path}: {exc}", stacklevel=4)
            return {}

    def _from_disk(self, key: str) -> Config | None:
        if not self.use_disk:
            return None
        values = self._read().get(key)
        if values is None:
            return None
        cfg = Config(**values)
        return cfg if cfg in self.configs else None  # the configs changed since: tune again

    def _to_disk(self, key: str, cfg: Config) -> None:
        if not self.use_disk:
            return
        path = self._path()
        data = self._read()
        data[key] = cfg.as_dict()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True, default=str))
        tmp.replace(path)


def _describe(value: Any) -> Any:
    if isinstance(value, Tensor):
        return [list(value.shape), str(value.dtype)]
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    return repr(value)


@functools.cache
def _device_name() -> str:
    if backends.current().name != "cutile":
        return "cpu"
    from tilert.cutile.device import ensure_current

    return str(ensure_current().name)


def autotune(
    configs: Iterable[Config],
    key: Sequence[str],
    *,
    warmup: int = 1,
    rep: int = 3,
    cache: bool = True,
) -> Callable[[Callable[..., Op]], Autotuned]:
    """``@tr.autotune(configs=[tr.Config(bm=128, bn=128), ...], key=["a", "b"])`` on
    ``f(cfg, *args) -> Op``."""
    chosen = list(configs)
    return lambda fn: Autotuned(fn, chosen, key, warmup, rep, cache)
