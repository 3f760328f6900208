"""Examples of round 39S of issue 17 (autotuned and decorated functions, tensors from helpers,
library ops on globals).

A function under ``@tr.autotune(configs=[...], key=[...])`` is called as the body it runs
(tilert calls ``fn(config, *args)``): the op it returns, dropped by a caller, is never run
(TC105), and the tensors it is given stay borrowed while its Pending runs. An attribute given
the result of a helper that returns a new tensor on every way out (``t = tr.from_numpy(a);
return t``, a method ``self.alloc()``, a helper a package re-exports) holds a tensor, as one
given ``tr.zeros(n)`` does. A ``tilert.kernels`` op in a function borrows the module's tensors
it is given, as a ``@tr.kernel`` launch does (TC103 where one is written while it runs). A
function or method under a decorator of the module that passes the call through
(``functools.wraps`` wrappers that time, log or count, or one a decorator factory returns) is
summarized as itself, and a ``@classmethod`` that never names its class as a static method. A
helper returning another such helper's call of the module makes a new tensor too.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises, or warns, at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
import functools
import logging

log = logging.getLogger("stage")


def traced(label):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            log.info("enter %s", label)
            out = fn(*args, **kwargs)
            log.info("leave %s", label)
            return out

        return wrapper

    return deco


@traced("stage")
def stage(dst, src):
    return copy(dst.partition((64,)), src).submit()


def main() -> None:
    dst = tr.empty((256,))
    pend = stage(dst, tr.ones((256,)))
    pend.wait()
    print(dst.to_numpy())
""",
            "a decorator factory's pass-through wrapper; the Pending waited before the read",
        ),
        valid(
            """
import numpy as np


def host_tensor(arr):
    return tr.from_numpy(np.ascontiguousarray(arr, dtype=np.float32))


def init_table(n):
    return host_tensor(np.zeros(n))


class Table:
    def __init__(self, n):
        self.rows = init_table(n)
        self.src = tr.ones((n,))

    def load(self):
        return copy(self.rows.partition((64,)), self.src).submit()


def main() -> None:
    t = Table(512)
    p = t.load()
    p.wait()
    print(t.rows.to_numpy())
""",
            "a tensor from a helper calling a helper, read after the load is waited",
        ),
        valid(
            """

class Loader:
    @classmethod
    def stage(cls, dst, src):
        return copy(dst.partition((64,)), src).submit()


def main() -> None:
    dst = tr.empty((512,))
    pend = Loader.stage(dst, tr.ones((512,)))
    pend.wait()
    print(dst.to_numpy())
""",
            "a classmethod's Pending waited before its output is read",
        ),
        valid(
            """

class Cache:
    def __init__(self, n):
        self.n = n
        self.keys = self._alloc()
        self.staging = tr.ones((n,))

    def _alloc(self):
        return tr.zeros((self.n,))

    def fill(self):
        return copy(self.keys.partition((64,)), self.staging).submit()


def main() -> None:
    cache = Cache(256)
    pend = cache.fill()
    pend.wait()
    print(cache.keys.to_numpy())
""",
            "an attribute a method allocates, read after the fill is waited",
        ),
    ),
    "TC103": (
        valid(
            """
import numpy as np


def init_weight(n, seed):
    arr = np.random.default_rng(seed).standard_normal(n).astype(np.float32)
    w = tr.from_numpy(arr)
    return w


class Layer:
    def __init__(self, n):
        self.w = init_weight(n, 0)
        self.out = tr.empty((n,))

    def forward(self):
        return copy(self.out.partition((64,)), self.w).submit()

    def update(self):
        scale(self.w.partition((64,)), 0.5).sync()


def main() -> None:
    layer = Layer(512)
    pend = layer.forward()
    pend.wait()
    layer.update()
""",
            "a weight from an init helper, written after the op reading it is waited",
        ),
        valid(
            """
import tilert.kernels as tk

x = tr.ones((16, 64))
w = tr.ones((64, 64))
y = tr.empty((16, 64))


def merge() -> None:
    proj = tk.gemm(y, x, w).submit()
    proj.wait()
    tk.gemm(w, x.reshape(64, 16), x).sync()


merge()
""",
            "a library op on the module's tensors, waited before one of them is written",
        ),
        valid(
            """


@tr.autotune(configs=[tr.Config(tile=64), tr.Config(tile=128)], key=["x"])
def tuned_copy(cfg, out, x):
    return copy(out.partition((cfg.tile,)), x)


def main() -> None:
    out = tr.empty((1024,))
    x = tr.ones((1024,))
    pend = tuned_copy(out, x).submit()
    pend.wait()
    scale(x.partition((256,)), 2.0).sync()
""",
            "an autotuned function's op waited before its input is written",
        ),
    ),
    "TC105": (
        valid(
            """
import time
from functools import wraps


def timed(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        t0 = time.perf_counter()
        r = fn(*args, **kwargs)
        print(f"{fn.__qualname__} {time.perf_counter() - t0:.4f}")
        return r

    return wrapper


class Scaler:
    def __init__(self, n):
        self.buf = tr.ones((n,))

    @timed
    def halve(self):
        return scale(self.buf.partition((64,)), 0.5)


def main() -> None:
    s = Scaler(512)
    s.halve().sync()
    s.halve().sync()
""",
            "a method under a timing decorator, each op it returns synced",
        ),
        valid(
            """
import functools
import time


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        t0 = time.perf_counter()
        result = fn(*args, **kwargs)
        print(fn.__name__, time.perf_counter() - t0)
        return result

    return wrapper


@timed
def double(out, x):
    return copy(out.partition((64,)), x)


def main() -> None:
    out = tr.empty((1024,))
    x = tr.ones((1024,))
    double(out, x).sync()
""",
            "a timing decorator's function, its op synced by the caller",
        ),
        valid(
            """


@tr.autotune(configs=[tr.Config(tile=64), tr.Config(tile=128)], key=["x"])
def tuned_copy(cfg, out, x):
    return copy(out.partition((cfg.tile,)), x)


def main() -> None:
    out = tr.empty((1024,))
    x = tr.ones((1024,))
    tuned_copy(out, x).sync()
    tuned_copy(out, x).sync()
""",
            "an autotuned function's ops, each synced",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            """
import functools
import logging

log = logging.getLogger("stage")


def traced(label):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            log.info("enter %s", label)
            out = fn(*args, **kwargs)
            log.info("leave %s", label)
            return out

        return wrapper

    return deco


@traced("stage")
def stage(dst, src):
    return copy(dst.partition((64,)), src).submit()


def main() -> None:
    dst = tr.empty((256,))
    pend = stage(dst, tr.ones((256,)))
    print(dst.to_numpy())  # TC102
    pend.wait()
""",
            "a decorator factory's pass-through wrapper: the Pending still writes the tensor read",
            typed=False,
        ),
        invalid(
            """
import numpy as np


def host_tensor(arr):
    return tr.from_numpy(np.ascontiguousarray(arr, dtype=np.float32))


def init_table(n):
    return host_tensor(np.zeros(n))


class Table:
    def __init__(self, n):
        self.rows = init_table(n)
        self.src = tr.ones((n,))

    def load(self):
        return copy(self.rows.partition((64,)), self.src).submit()


def main() -> None:
    t = Table(512)
    p = t.load()
    print(t.rows.to_numpy())  # TC102
    p.wait()
""",
            "a tensor from a helper calling a helper, read while the load writes it",
            typed=False,
        ),
        invalid(
            """

class Loader:
    @classmethod
    def stage(cls, dst, src):
        return copy(dst.partition((64,)), src).submit()


def main() -> None:
    dst = tr.empty((512,))
    pend = Loader.stage(dst, tr.ones((512,)))
    print(dst.to_numpy())  # TC102
    pend.wait()
""",
            "a classmethod's Pending still writes the tensor read",
            typed=False,
        ),
        invalid(
            """

class Cache:
    def __init__(self, n):
        self.n = n
        self.keys = self._alloc()
        self.staging = tr.ones((n,))

    def _alloc(self):
        return tr.zeros((self.n,))

    def fill(self):
        return copy(self.keys.partition((64,)), self.staging).submit()


def main() -> None:
    cache = Cache(256)
    pend = cache.fill()
    print(cache.keys.to_numpy())  # TC102
    pend.wait()
""",
            "an attribute a method allocates, read while the fill writes it",
            typed=False,
        ),
    ),
    "TC103": (
        invalid(
            """
import numpy as np


def init_weight(n, seed):
    arr = np.random.default_rng(seed).standard_normal(n).astype(np.float32)
    w = tr.from_numpy(arr)
    return w


class Layer:
    def __init__(self, n):
        self.w = init_weight(n, 0)
        self.out = tr.empty((n,))

    def forward(self):
        return copy(self.out.partition((64,)), self.w).submit()

    def update(self):
        scale(self.w.partition((64,)), 0.5).sync()  # TC103


def main() -> None:
    layer = Layer(512)
    pend = layer.forward()
    layer.update()
    pend.wait()
""",
            "a weight from an init helper, written while an op reads it",
            typed=False,
        ),
        invalid(
            """
import tilert.kernels as tk

x = tr.ones((16, 64))
w = tr.ones((64, 64))
y = tr.empty((16, 64))


def merge() -> None:
    proj = tk.gemm(y, x, w).submit()
    tk.gemm(w, x.reshape(64, 16), x).sync()  # TC103
    proj.wait()


merge()
""",
            "a library op in a function reads a module tensor another op then writes",
            typed=False,
        ),
        invalid(
            """


@tr.autotune(configs=[tr.Config(tile=64), tr.Config(tile=128)], key=["x"])
def tuned_copy(cfg, out, x):
    return copy(out.partition((cfg.tile,)), x)


def main() -> None:
    out = tr.empty((1024,))
    x = tr.ones((1024,))
    pend = tuned_copy(out, x).submit()
    scale(x.partition((256,)), 2.0).sync()  # TC103
    pend.wait()
""",
            "an autotuned function's submitted op still reads the tensor written",
            typed=False,
        ),
    ),
    "TC105": (
        invalid(
            """
import time
from functools import wraps


def timed(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        t0 = time.perf_counter()
        r = fn(*args, **kwargs)
        print(f"{fn.__qualname__} {time.perf_counter() - t0:.4f}")
        return r

    return wrapper


class Scaler:
    def __init__(self, n):
        self.buf = tr.ones((n,))

    @timed
    def halve(self):
        return scale(self.buf.partition((64,)), 0.5)  # TC105


def main() -> None:
    s = Scaler(512)
    s.halve().sync()
    s.halve()
""",
            "a method under a timing decorator: the op it returns dropped unrun",
            typed=False,
        ),
        invalid(
            """
import functools
import time


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        t0 = time.perf_counter()
        result = fn(*args, **kwargs)
        print(fn.__name__, time.perf_counter() - t0)
        return result

    return wrapper


@timed
def double(out, x):
    return copy(out.partition((64,)), x)  # TC105


def main() -> None:
    out = tr.empty((1024,))
    x = tr.ones((1024,))
    double(out, x)
""",
            "a timing decorator passes the op through: dropped by the caller, never run",
            typed=False,
        ),
        invalid(
            """


@tr.autotune(configs=[tr.Config(tile=64), tr.Config(tile=128)], key=["x"])
def tuned_copy(cfg, out, x):
    return copy(out.partition((cfg.tile,)), x)  # TC105


def main() -> None:
    out = tr.empty((1024,))
    x = tr.ones((1024,))
    tuned_copy(out, x).sync()
    tuned_copy(out, x)
""",
            "the op of an autotuned function dropped by its caller",
            typed=False,
        ),
    ),
}
