"""``@tr.autotune`` on the interpreter: it keeps the fastest config, remembers it per key in
memory and on disk, skips configs that fail, and the op it returns computes the right thing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32


@pytest.fixture(autouse=True)
def setup(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TILERT_BACKEND", "interpret")
    monkeypatch.setenv("TILERT_CACHE_DIR", str(tmp_path))
    tr.backends.current.cache_clear()


@tr.kernel
def scale(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], repeat: Const[int]) -> None:
    acc = tl.load_tile_like(x, z)
    for _ in range(repeat):  # more work for a larger `repeat`: a slower config
        acc = acc * 1.0
    z.store(acc * 2.0)


CONFIGS = [tr.Config(tile=64, repeat=200), tr.Config(tile=128, repeat=0), tr.Config(tile=3)]
runs: list[tr.Config] = []


def make() -> tr.Autotuned:
    @tr.autotune(configs=CONFIGS, key=["x"], rep=2)
    def scaled(cfg: tr.Config, z: Tensor[Any], x: Tensor[Any]) -> tr.Op:
        runs.append(cfg)
        return scale(z.partition((cfg.tile,)), x, cfg.repeat)

    return scaled


def test_picks_the_fastest_and_computes_the_result() -> None:
    scaled = make()
    x = tr.from_numpy(np.arange(256, dtype=np.float32))
    z = tr.zeros((256,), dtype=f32)
    scaled(z, x).sync()
    assert scaled.best_config(z, x) == tr.Config(tile=128, repeat=0)
    np.testing.assert_array_equal(z.to_numpy(), np.arange(256, dtype=np.float32) * 2)
    failed = [t for cfg, t in scaled.last_tuning if cfg == tr.Config(tile=3)]
    assert isinstance(failed[0], str) and "power of two" in failed[0]


def test_second_call_and_a_fresh_tuner_reuse_the_choice() -> None:
    scaled = make()
    x = tr.from_numpy(np.ones(256, dtype=np.float32))
    z = tr.zeros((256,), dtype=f32)
    scaled(z, x).sync()
    runs.clear()
    scaled(z, x).sync()
    assert runs == [tr.Config(tile=128, repeat=0)]  # no trials: only the launch
    runs.clear()
    make()(z, x).sync()  # a new process would read the same file
    assert runs == [tr.Config(tile=128, repeat=0)]


def test_another_shape_is_tuned_again() -> None:
    scaled = make()
    small, large = tr.ones((256,), dtype=f32), tr.ones((512,), dtype=f32)
    scaled(tr.zeros((256,), dtype=f32), small).sync()
    runs.clear()
    scaled(tr.zeros((512,), dtype=f32), large).sync()
    assert len(runs) > len(CONFIGS)  # every config tried, then the launch


def test_every_config_failing_names_each(tmp_path: Path) -> None:
    @tr.autotune(configs=[tr.Config(tile=3), tr.Config(tile=5)], key=["x"])
    def broken(cfg: tr.Config, z: Tensor[Any], x: Tensor[Any]) -> tr.Op:
        return scale(z.partition((cfg.tile,)), x, 0)

    with pytest.raises(RuntimeError, match=r"every config failed: Config\(tile=3\): .*tile=5"):
        broken(tr.zeros((64,), dtype=f32), tr.ones((64,), dtype=f32))


def test_corrupt_cache_file_warns_and_retunes(tmp_path: Path) -> None:
    scaled = make()
    x = tr.ones((256,), dtype=f32)
    path = tmp_path / "autotune" / f"{make.__module__}.make.<locals>.scaled.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    with pytest.warns(UserWarning, match="ignoring the autotune cache"):
        scaled(tr.zeros((256,), dtype=f32), x).sync()
    assert json.loads(path.read_text())  # rewritten whole


def test_key_must_name_parameters() -> None:
    with pytest.raises(ValueError, match=r"key names \['y'\]"):
        tr.autotune(configs=CONFIGS, key=["y"])(lambda cfg, x: None)  # type: ignore[arg-type,return-value]


def test_with_options_makes_one_variant_per_options() -> None:
    a = scale.with_options(occupancy=2)
    assert a is scale.with_options(occupancy=2) and a is not scale
    assert a.options == {"occupancy": 2} and scale.options == {}
    assert "@ct.kernel(occupancy=2)" in a.lower({"z": (64,)})
