# ruff: noqa: E501
# fmt: off
"""TC106: calls that do not fit the kernel's signature; grid= fits every kernel."""

import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def fill(z: Mutable[Tensor[f32]]) -> None:
    z.store(1.0)


def main(factor: float) -> None:
    z = tr.zeros((256,))
    scale(z.partition((64,)), 2.0).sync()
    scale(z=z.partition((64,)), a=factor).sync()
    scale(z.partition((64,)), a=factor, grid=(4,)).sync()
    fill(z.partition((64,)), grid=4).sync()
    scale(z.partition((64,)), 2.0, 3.0).sync()  # E: Kernel "scale" takes 2 positional arguments but 3 were given ({TC106}) [tile-argument-kind]
    fill(z.partition((64,)), z.partition((64,))).sync()  # E: Kernel "fill" takes 1 positional argument but 2 were given ({TC106}) [tile-argument-kind]
    scale(z.partition((64,)), factor=2.0).sync()  # E: Kernel "scale" has no parameter "factor" ({TC106}) [tile-argument-kind]
    scale(z.partition((64,))).sync()  # E: Kernel "scale" is missing an argument for "a" ({TC106}) [tile-argument-kind]
    scale(a=1.0).sync()  # E: Kernel "scale" is missing an argument for "z" ({TC106}) [tile-argument-kind]
    scale(z.partition((64,)), 1.0, a=2.0).sync()  # E: Kernel "scale" got two values for parameter "a" ({TC106}) [tile-argument-kind]


def unpacked(args: tuple[object, ...]) -> None:
    scale(*args).sync()  # what binds where is not visible: not checked
