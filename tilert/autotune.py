"""``@tr.autotune``: pick the fastest of several launch configurations per problem shape, as
Triton's autotune does, and remember the choice on disk.

The decorated host function ``f(cfg, *args) -> Op`` builds one launch from one ``tr.Config``.
The first call for a key (the shapes and dtypes of the named tensor arguments, the values of
named scalars) times every config's op and keeps the fastest; later calls, in this process or
(through the on-disk cache) in later ones, build the op of the remembered config.

Timing: each config's op is built fresh by ``f`` and run with ``sync()`` ``warmup`` times (the
first run compiles), then built once more, recorded in a ``tr.graph()`` and replayed back to
back: ``rep`` rounds, best round kept, seconds per replay. On the GPU that is device time
without host launch overhead or a host sync per launch (what a graph replay or a ``.then``
chain of the winner will see); under the interpreter it is wall time. Trial runs write the
outputs, as Triton's do.

``cold=True`` (on the GPU): every timed run follows a write of a buffer larger than the L2
cache, and the write's own time is taken off. A memory-bound op replayed alone keeps up to the
L2's size (50 MB on the H100) of its operands in the cache, which a real workload streaming
many such operands (a model's layer weights) never finds there: the fastest config warm is not
the fastest cold (on the H100, the q/k/v GEMV of a Qwen3-4B decode step, a 31.5 MB weight:
the config chosen warm ran 1.11x slower in the step than the one fastest there)."""

from __future__ import annotations

import functools
import inspect
import json
import math
import os
import tempfile
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from tilert import backends
from tilert._core.capture import capturing
from tilert._core.log import logger
from tilert.caches import tilert_root
from tilert.errors import BorrowError
from tilert.graph import Graph
from tilert.ops import Op
from tilert.tensor import Partition, Tensor

ROUND_SECONDS = 0.005  # replays per timed round: enough to amortize the round's one sync
MAX_REPLAYS = 100
SCRUB_BYTES = 128 << 20  # written before each cold run: over twice a Hopper GPU's L2


class Config:
    """One launch configuration: named values (tile sizes, ``occupancy``, ``num_ctas``, ...),
    read as attributes: ``cfg.bm``. Immutable and hashable; two configs are equal when their
    JSON forms (``to_json``) are, which is also how the on-disk cache recognizes them."""

    __slots__ = ("_values",)
    _values: dict[str, Any]

    def __init__(self, **values: Any) -> None:
        object.__setattr__(self, "_values", dict(sorted(values.items())))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # copy/pickle probe dunders before __init__ ran
            raise AttributeError(name)
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"{self!r} has no value `{name}`") from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{self!r} is immutable: make another tr.Config")

    def as_dict(self) -> dict[str, Any]:
        return dict(self._values)

    def to_json(self) -> str:
        """The stable text form: keys sorted, no whitespace, non-JSON values as ``str``."""
        return json.dumps(self._values, sort_keys=True, separators=(",", ":"), default=str)

    @classmethod
    def from_json(cls, text: str) -> Config:
        values = json.loads(text)
        if not isinstance(values, dict):
            raise ValueError(f"a Config's JSON form is an object, got {text!r}")
        return cls(**values)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Config) and other.to_json() == self.to_json()

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_config, (self._values,))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._values.items())
        return f"Config({inner})"


def _config(values: dict[str, Any]) -> Config:
    return Config(**values)


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
        cold: bool = False,
    ) -> None:
        if not configs:
            raise ValueError(f"@tr.autotune on `{fn.__qualname__}`: no configs given")
        if warmup < 1 or rep < 1:
            raise ValueError(f"@tr.autotune on `{fn.__qualname__}`: warmup and rep must be >= 1")
        self.fn = fn
        self.configs = list(configs)
        self.key = list(key)
        self.warmup, self.rep, self.use_disk, self.cold = warmup, rep, cache, cold
        self._signature = inspect.signature(fn)
        params = list(self._signature.parameters)[1:]
        unknown = [k for k in self.key if k not in params]
        if unknown:
            raise ValueError(
                f"@tr.autotune on `{fn.__qualname__}`: key names {unknown} are not parameters "
                f"of it (it takes cfg, {', '.join(params)})"
            )
        self._best: dict[str, Config] = {}
        self._unwritable = False  # a write to the disk cache failed (and was reported) once
        self.last_tuning: list[Trial] = []
        functools.update_wrapper(self, fn)

    def __call__(self, *args: Any, **kwargs: Any) -> Op:
        return self.fn(self.best_config(*args, **kwargs), *args, **kwargs)

    def best_config(self, *args: Any, **kwargs: Any) -> Config:
        """The config for these arguments: remembered, read from disk, or tuned now."""
        key = self._key(args, kwargs)
        found = self._best.get(key)
        if found is not None:
            return found
        found = self._from_disk(key)
        if found is not None:
            logger.debug("autotune %s: %s read from %s", self.fn.__qualname__, found, self.path())
            self._best[key] = found
            return found
        found = self._tune(args, kwargs)
        self._best[key] = found  # first: a cache that can't be written loses nothing
        self._to_disk(key, found)  # a failed write warns once, the call goes on
        return found

    # -- tuning -----------------------------------------------------------------------------
    def _tune(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Config:
        graph = capturing()
        if graph is not None:
            raise RuntimeError(
                f"@tr.autotune on `{self.fn.__qualname__}`: these arguments are not tuned yet "
                f"and tuning runs ops, which a graph capture (started at {graph.where}) "
                "refuses: call it once before `with tr.graph()`"
            )
        for value in (*args, *kwargs.values()):
            if isinstance(value, Partition):
                raise TypeError(
                    f"@tr.autotune on `{self.fn.__qualname__}`: an argument is a "
                    f"{value.describe()}, which one launch consumes, and tuning launches every "
                    "config several times: pass the tensor and partition it inside "
                    f"`{self.fn.__qualname__}`"
                )
        verbose = os.environ.get("TILERT_AUTOTUNE_VERBOSE") == "1"
        trials: list[Trial] = []
        scrub = self._scrub_seconds() if self.cold and _on_gpu() else None
        for cfg in self.configs:
            try:
                result: float | str = self._time(cfg, args, kwargs, scrub)
            except BorrowError:  # the arguments' fault, not the config's: every one would fail
                raise
            except Exception as exc:  # a config the compiler or the launch refuses
                result = f"{type(exc).__name__}: {exc}"
            trials.append((cfg, result))
            shown = (
                f"{result * 1e6:.1f} us"
                if isinstance(result, float)
                else " / ".join(line.strip() for line in result.splitlines())  # one line
            )
            if verbose:
                print(f"autotune {self.fn.__qualname__}: {cfg}: {shown}", flush=True)
            logger.debug("autotune %s: %s: %s", self.fn.__qualname__, cfg, shown)
        self.last_tuning = trials
        timed = [(t, i) for i, (_, t) in enumerate(trials) if isinstance(t, float)]
        if not timed:
            listing = "; ".join(f"{cfg}: {why}" for cfg, why in trials)
            raise RuntimeError(
                f"@tr.autotune on `{self.fn.__qualname__}`: every config failed: {listing}"
            )
        best, index = min(timed)
        logger.info(
            "autotune %s: chose %s (%.1f us, the fastest of %d configs, %d failed)",
            self.fn.__qualname__,
            self.configs[index],
            best * 1e6,
            len(trials),
            len(trials) - len(timed),
        )
        return self.configs[index]

    def _time(
        self,
        cfg: Config,
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        scrub: tuple[Tensor[Any], float] | None = None,
    ) -> float:
        """Seconds per run of ``cfg``'s op, replayed back to back from a graph; with ``scrub``
        (the buffer and its write's seconds) each run after that write, its time taken off."""
        for _ in range(self.warmup):
            self.fn(cfg, *args, **kwargs).sync()
        ops = [] if scrub is None else [_scrub(scrub[0])]
        seconds = self._replayed([*ops, self.fn(cfg, *args, **kwargs)])
        return seconds if scrub is None else max(seconds - scrub[1], 1e-9)

    def _scrub_seconds(self) -> tuple[Tensor[Any], float]:
        """The L2 flush of cold timing: its buffer, and its own seconds per run."""
        buffer = _scrub_buffer()
        return buffer, self._replayed([_scrub(buffer)])

    def _replayed(self, ops: list[Op]) -> float:
        """Seconds per replay of a graph of ``ops``: best of ``rep`` rounds."""
        g = Graph()
        try:
            with g:
                for op in ops:
                    g.record(op)
            g.launch().wait()  # on the GPU the first launch captures the CUDA graph
            once = _seconds_per_replay(g, 1)
            replays = max(1, min(MAX_REPLAYS, math.ceil(ROUND_SECONDS / max(once, 1e-9))))
            return min(_seconds_per_replay(g, replays) for _ in range(self.rep))
        finally:
            g.close()

    # -- keys and the disk cache --------------------------------------------------------------
    def _key(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
        bound = self._signature.bind(None, *args, **kwargs)
        bound.apply_defaults()
        parts = [_describe(bound.arguments[name]) for name in self.key]
        name = backends.current().name
        return json.dumps([name, _device_name(name), parts], default=str)

    def path(self) -> Path:
        """The JSON file this function's choices are kept in."""
        return tilert_root() / "autotune" / f"{self.fn.__module__}.{self.fn.__qualname__}.json"

    def _read(self, warn: bool = True) -> dict[str, Any]:
        path = self.path()
        try:
            text = path.read_text()
        except (FileNotFoundError, NotADirectoryError):  # nothing stored yet (or can't be)
            return {}
        except OSError as exc:  # unreadable: a permission, a directory in its place, ...
            if warn:
                warnings.warn(
                    f"ignoring the autotune cache {path}: it could not be read ({exc})",
                    stacklevel=4,
                )
            return {}
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            return data
        except ValueError as exc:
            if warn:
                warnings.warn(f"ignoring the autotune cache {path}: {exc}", stacklevel=4)
            return {}

    def _from_disk(self, key: str) -> Config | None:
        if not self.use_disk:
            return None
        values = self._read().get(key)
        if not isinstance(values, dict):
            return None
        stored = Config(**values)
        # the configs may have changed since: a choice that is no longer offered is tuned again
        return next((cfg for cfg in self.configs if cfg == stored), None)

    def _to_disk(self, key: str, cfg: Config) -> None:
        """Store a choice; one that can't be written is reported once and kept in memory."""
        if not self.use_disk:
            return
        path = self.path()
        data = self._read(warn=False)  # a corrupt file was reported when it was read
        data[key] = json.loads(cfg.to_json())
        try:
            _write_atomically(path, json.dumps(data, indent=1, sort_keys=True) + "\n")
        except OSError as exc:
            if not self._unwritable:
                self._unwritable = True
                warnings.warn(
                    f"the autotune cache {path} could not be written ({exc}); tuning results "
                    f"of `{self.fn.__qualname__}` are kept in memory for this process but will "
                    "not persist (set TILERT_CACHE_DIR to a writable directory)",
                    stacklevel=4,
                )
        else:
            self._unwritable = False


def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as out:
            out.write(text)
        os.replace(tmp, path)  # readers see the old file or the new one, never half of one
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _on_gpu() -> bool:
    return backends.current().device_kind == "cuda"


@functools.cache
def _scrub_buffer() -> Tensor[Any]:
    """``SCRUB_BYTES`` of device memory that cold timing writes (made once, kept)."""
    from tilert.tensor import empty

    return empty((SCRUB_BYTES // 4,), dtype="int32", name="autotune L2 scrub")


def _scrub(buffer: Tensor[Any]) -> Op:
    """An op writing all of ``buffer``: what it evicts from the L2, later reads find in HBM."""
    from tilert._scrub import autotune_scrub

    return autotune_scrub(buffer.partition((8192,)))


def _seconds_per_replay(g: Graph, replays: int) -> float:
    start = time.perf_counter()
    launches = [g.launch() for _ in range(replays)]
    launches[-1].wait()
    for p in launches:
        p.wait()
    return (time.perf_counter() - start) / replays


def _describe(value: Any) -> Any:
    if isinstance(value, Tensor):
        return [list(value.shape), str(value.dtype)]
    if isinstance(value, Partition):
        return [list(value.tensor.shape), str(value.tensor.dtype), list(value.tile_shape)]
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    return repr(value)


@functools.cache
def _device_name(backend_name: str) -> str:
    """The device a choice is kept for: the GPU's name, or ``cpu``."""
    backend = backends.current()
    return "cpu" if backend.device_kind == "cpu" else backend.device_properties(0)[0]


def autotune(
    configs: Iterable[Config],
    key: Sequence[str],
    *,
    warmup: int = 1,
    rep: int = 3,
    cache: bool = True,
    cold: bool = False,
) -> Callable[[Callable[..., Op]], Autotuned]:
    """``@tr.autotune(configs=[tr.Config(bm=128, bn=128), ...], key=["a", "b"])`` on
    ``f(cfg, *args) -> Op``: ``f(*args)`` returns the op of the fastest config for the key's
    arguments (their shapes and dtypes; scalars by value). ``warmup``: synced runs per config
    before timing (the first compiles); ``rep``: timed rounds of graph replays (best kept);
    ``cache``: keep choices on disk under ``$TILERT_CACHE_DIR/autotune`` (default
    ``~/.cache/tilert``); ``cold``: time each run after flushing the L2 cache (memory-bound
    ops whose operands a workload streams from HBM; GPU only). Trials write the outputs;
    configs that fail are skipped and listed in ``f.last_tuning``;
    ``TILERT_AUTOTUNE_VERBOSE=1`` prints each config's time."""
    chosen = list(configs)
    return lambda fn: Autotuned(fn, chosen, key, warmup, rep, cache, cold)
