"""``latency=`` on loads: cuTile's DRAM-traffic hint. Every load form takes it; the lowering
passes it to ``ct.load``; the interpreter checks it as cuTile does (an int from 1 to 10, or
None) and otherwise ignores it."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Const, KernelError, Mutable, Shared, Tensor, f32

pytestmark = pytest.mark.usefixtures("interpreter")


@tr.kernel
def hinted(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], lat: Const[int]) -> None:
    first = x.load_tile(z.tile_shape, (0,), latency=lat)
    here = tl.load_tile_like(x, z, latency=3)
    z.store(first + here + z.load(latency=2))


@tr.kernel
def hinted_mapped(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], lat: Const[int]) -> None:
    for idx in z.tiles():
        own = z.load(idx, lat)  # positional at and latency
        z.store(own + tl.load_tile_like(x, z, at=idx, latency=lat), at=idx)


def _loads(source: str) -> list[dict[str, str]]:
    """The keywords of every ct.load call in generated source."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "ct.load":
            found.append({k.arg or "": ast.unparse(k.value) for k in node.keywords})
    return found


def test_each_load_form_lowers_its_hint() -> None:
    loads = _loads(hinted.lower({"z": (64,)}))
    assert [load.get("latency") for load in loads] == ["lat", "3", "2"]
    assert all(load["padding_mode"] == "ct.PaddingMode.ZERO" for load in loads)


def test_mapped_loads_lower_positional_at_and_hint() -> None:
    loads = _loads(hinted_mapped.lower({"z": (64,)}, mapped=["z"]))
    assert [(load["index"], load["latency"]) for load in loads] == [("idx", "lat"), ("idx", "lat")]


def test_loads_without_a_hint_lower_without_one() -> None:
    from tilert.cutile.lowering import lower_kernel

    @tr.kernel
    def plain(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
        z.store(tl.load_tile_like(x, z))

    assert "latency" not in lower_kernel(plain).source


def test_hinted_loads_compute_what_plain_ones_do() -> None:
    xs = np.arange(256, dtype=np.float32)
    z = tr.ones((256,), dtype=f32)
    hinted(z.partition((64,)), tr.from_numpy(xs), 10).sync()
    np.testing.assert_array_equal(z.to_numpy(), np.tile(xs[:64], 4) + xs + 1)
    m = tr.ones((256,), dtype=f32)
    hinted_mapped(m.partition((64,)).mapped(blocks=3), tr.from_numpy(xs), 1).sync()
    np.testing.assert_array_equal(m.to_numpy(), xs + 1)


@pytest.mark.parametrize("bad", [0, 11])
def test_a_hint_cutile_would_refuse_is_refused_here(bad: object) -> None:
    z = tr.zeros((64,), dtype=f32)
    with pytest.raises(KernelError, match=r"latency=.*from 1 .* to 10") as info:
        hinted(z.partition((64,)), tr.ones((64,), dtype=f32), bad).sync()
    assert Path(__file__).name in str(info.value)  # at the user's line
