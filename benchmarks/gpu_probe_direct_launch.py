"""What a direct launch of a cuTile kernel needs, learned from cuTile itself on the GPU: the
signature and cubin its JIT compiles for a launch's arguments (through the kernel's ``_compile``
hook, so no second compile), the launch configuration ``ct.launch`` uses (its launch spy), and
whether ``cuLaunchKernel`` of that cubin's function with parameters packed from the arguments'
address, shape and strides computes what ``ct.launch`` computes. Prints what it finds.

    python benchmarks/gpu_probe_direct_launch.py"""

from __future__ import annotations

import ctypes
import time
from typing import Any

import cuda.tile as ct  # type: ignore[import-not-found,import-untyped,unused-ignore]
import torch
from cuda.bindings import driver as drv  # type: ignore[import-not-found,import-untyped,unused-ignore]
from cuda.tile._cext import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
    _spy_on_cuLaunchKernel_begin,
    _spy_on_cuLaunchKernel_end,
)
from cuda.tile.compilation import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
    ArrayConstraint,
    ConstantConstraint,
    ScalarConstraint,
)


class Recording(ct.kernel):  # type: ignore[misc]
    """A ct.kernel that remembers what its JIT compiled: (signature, cubin, symbol)."""

    def _compile(self, signature: Any, context: Any, compute_capability: Any = None) -> Any:
        result = super()._compile(signature, context, compute_capability)
        self.__dict__.setdefault("compiled", []).append((signature, result[0], result[1]))
        return result


def add_fn(z, x, y, n, t: ct.Constant[int]):  # type: ignore[no-untyped-def]
    i = ct.bid(0)
    a = ct.load(x, index=(i,), shape=(t,), padding_mode=ct.PaddingMode.ZERO)
    b = ct.load(y, index=(i,), shape=(t,), padding_mode=ct.PaddingMode.ZERO)
    ct.store(z, index=(i,), tile=a + b * n)


def scale2d_fn(z, x, s, t0: ct.Constant[int], t1: ct.Constant[int]):  # type: ignore[no-untyped-def]
    a = ct.load(x, index=(ct.bid(0), ct.bid(1)), shape=(t0, t1), padding_mode=ct.PaddingMode.ZERO)
    ct.store(z, index=(ct.bid(0), ct.bid(1)), tile=ct.astype(a * s, ct.float16))


def mm_fn(c, a, b, tk: ct.Constant[int]):  # type: ignore[no-untyped-def]
    i, j = ct.bid(0), ct.bid(1)
    acc = ct.full((64, 64), 0.0, ct.float32)
    for k in range(a.shape[1] // tk):
        x = ct.load(a, index=(i, k), shape=(64, tk), padding_mode=ct.PaddingMode.ZERO)
        y = ct.load(b, index=(k, j), shape=(tk, 64), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(x, y, acc)
    ct.store(c, index=(i, j), tile=ct.astype(acc, ct.float16))


class View:
    """An array as tilert passes it: ``__cuda_array_interface__`` only."""

    def __init__(self, t: torch.Tensor) -> None:
        self.t = t
        self.__cuda_array_interface__ = {
            "shape": tuple(t.shape),
            "typestr": {torch.float32: "<f4", torch.float16: "<f2"}[t.dtype],
            "data": (t.data_ptr(), False),
            "version": 3,
            "strides": None
            if t.is_contiguous()
            else tuple(s * t.element_size() for s in t.stride()),
            "stream": None,
        }


def words_of(constraints: Any, args: tuple[Any, ...]) -> list[tuple[str, int | float]]:
    out: list[tuple[str, int | float]] = []
    for c, a in zip(constraints, args, strict=True):
        if isinstance(c, ConstantConstraint):
            continue
        if isinstance(c, ArrayConstraint):
            t = a.t
            out += [("Q", t.data_ptr())] + [("q", int(v)) for v in (*t.shape, *t.stride())]
        elif isinstance(c, ScalarConstraint):
            name = str(c.dtype)
            if "float64" in name:
                out.append(("d", float(a)))
            elif "float" in name:
                out.append(("f", float(a)))
            else:
                out.append(("q", int(a)))
        else:
            raise TypeError(f"cannot pack {c!r}")
    return out


def direct_launcher(sig: Any, cubin: bytes, symbol: str, args: tuple[Any, ...], config: Any) -> Any:
    err, module = drv.cuModuleLoadData(cubin)
    assert int(err) == 0, err
    err, fn = drv.cuModuleGetFunction(module, symbol.encode())
    assert int(err) == 0, err
    words = words_of(sig.parameters, args)
    buf = (ctypes.c_uint64 * max(1, len(words)))()
    for i, (fmt, v) in enumerate(words):
        if fmt == "f":
            ctypes.c_float.from_address(ctypes.addressof(buf) + 8 * i).value = float(v)
        elif fmt == "d":
            ctypes.c_double.from_address(ctypes.addressof(buf) + 8 * i).value = float(v)
        else:
            buf[i] = int(v) & (2**64 - 1)
    params = (ctypes.c_void_p * max(1, len(words)))(
        *[ctypes.addressof(buf) + 8 * i for i in range(len(words))]
    )
    lib = ctypes.CDLL("libcuda.so.1")
    launch = lib.cuLaunchKernel
    u, p = ctypes.c_uint, ctypes.c_void_p
    launch.argtypes = [p, u, u, u, u, u, u, u, p, p, p]
    launch.restype = ctypes.c_int
    _, gx, gy, gz, bx, by, bz, smem, stream = config
    f = int(fn)

    def go() -> int:
        return int(launch(f, gx, gy, gz, bx, by, bz, smem, stream, params, None))

    go.keep = (module, buf, params)  # type: ignore[attr-defined]
    return go


def probe(name: str, fn: Any, args: tuple[Any, ...], grid: tuple[int, ...], check: Any) -> None:
    k = Recording(fn)
    stream = torch.cuda.current_stream().cuda_stream
    seen: list[Any] = []
    _spy_on_cuLaunchKernel_begin(lambda *a: seen.append(a))
    try:
        ct.launch(stream, grid, k, args)
        ct.launch(stream, grid, k, args)
    finally:
        _spy_on_cuLaunchKernel_end()
    torch.cuda.synchronize()
    print(f"== {name}: spied launches {seen}")
    sig, cubin, symbol = k.compiled[-1]
    print(f"  compiled {len(k.compiled)}x; symbol {symbol}; cubin {len(cubin)} bytes")
    for c in sig.parameters:
        print(f"  {c!r}")
    expect = args[0].t.clone()
    ref = check()
    close = torch.allclose(expect.float(), ref.float(), atol=1e-2, rtol=1e-2)
    print(f"  ct.launch's result close to torch's: {close}")
    go = direct_launcher(sig, cubin, symbol, args, seen[-1])
    args[0].t.zero_()
    torch.cuda.synchronize()
    rc = go()
    torch.cuda.synchronize()
    got = args[0].t.clone()
    print(f"  direct rc={rc}; equal to ct.launch's: {bool(torch.equal(got, expect))}")
    for label, f in (
        ("ct.launch", lambda: ct.launch(stream, grid, k, args)),
        ("direct ctypes", go),
    ):
        best = 1e9
        for _ in range(20):
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            for _ in range(100):
                f()
            t1 = time.perf_counter()
            torch.cuda.synchronize()
            best = min(best, (t1 - t0) / 100)
        print(f"  {label:14s} {best * 1e6:.2f} us a launch (host, best of 20 x 100)")


def main() -> None:
    n = 1024
    x = torch.arange(n, device="cuda", dtype=torch.float32)
    y = torch.ones(n, device="cuda", dtype=torch.float32)
    z = torch.empty(n, device="cuda", dtype=torch.float32)
    args1 = (View(z), View(x), View(y), 3, 256)

    def check1() -> torch.Tensor:
        return x + y * 3

    probe("add f32 1-D", add_fn, args1, (n // 256,), check1)
    # an odd offset: another divisibility of the address and the shape
    big = torch.arange(2000, device="cuda", dtype=torch.float32)
    xo, yo = big[4:1004], big[8:1008]
    zo = torch.empty(1000, device="cuda", dtype=torch.float32)
    args2 = (View(zo), View(xo), View(yo), 2, 256)
    probe("add f32 1-D at offsets", add_fn, args2, (4,), lambda: xo + yo * 2)
    a = torch.randn(96, 80, device="cuda", dtype=torch.float16)
    b = torch.empty(96, 80, device="cuda", dtype=torch.float16)
    args3 = (View(b), View(a), 1.5, 32, 16)
    probe("scale f16 2-D", scale2d_fn, args3, (3, 5), lambda: a * 1.5)
    at = a.t()  # strided
    bt = torch.empty(80, 96, device="cuda", dtype=torch.float16)
    args4 = (View(bt), View(at), 0.5, 16, 32)
    probe("scale f16 2-D transposed input", scale2d_fn, args4, (5, 3), lambda: at * 0.5)
    ma = torch.randn(256, 512, device="cuda", dtype=torch.float16)
    mb = torch.randn(512, 128, device="cuda", dtype=torch.float16)
    mc = torch.empty(256, 128, device="cuda", dtype=torch.float16)
    args5 = (View(mc), View(ma), View(mb), 64)
    want = (ma.float() @ mb.float()).half()
    probe("mma f16", mm_fn, args5, (4, 2), lambda: mc.clone())
    print(
        "  mma close to torch:", bool(torch.allclose(mc.float(), want.float(), atol=0.5, rtol=0.02))
    )


if __name__ == "__main__":
    main()
