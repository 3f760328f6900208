"""``@tr.autotune`` on the interpreter: it keeps the fastest config, remembers it per key in
memory and on disk, skips configs that fail, and the op it returns computes the right thing."""

from __future__ import annotations

import copy
import json
import os
import pickle
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tests.support import benchmark
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


def test_config_is_a_readable_immutable_hashable_value() -> None:
    cfg = tr.Config(bm=128, tile=(64, 32), name="persistent")
    assert (cfg.bm, cfg.tile, cfg.name) == (128, (64, 32), "persistent")
    assert repr(cfg) == "Config(bm=128, name='persistent', tile=(64, 32))"
    assert cfg.to_json() == '{"bm":128,"name":"persistent","tile":[64,32]}'
    assert tr.Config.from_json(cfg.to_json()) == cfg  # a tuple comes back a list: still equal
    assert len({cfg, tr.Config(tile=[64, 32], name="persistent", bm=128)}) == 1
    assert cfg != tr.Config(bm=64, tile=(64, 32), name="persistent")
    with pytest.raises(AttributeError, match="has no value `bk`"):
        _ = cfg.bk
    with pytest.raises(AttributeError, match="immutable"):
        cfg.bm = 64
    assert pickle.loads(pickle.dumps(cfg)) == cfg and copy.deepcopy(cfg) == cfg


def test_the_choice_is_stored_per_backend_and_device(tmp_path: Path) -> None:
    scaled = make()
    x = tr.ones((256,), dtype=f32)
    scaled(tr.zeros((256,), dtype=f32), x).sync()
    (path,) = (tmp_path / "autotune").iterdir()
    assert path == scaled.path() and path.name.endswith("make.<locals>.scaled.json")
    ((key, value),) = json.loads(path.read_text()).items()
    assert json.loads(key) == ["interpret", "cpu", [[[256], "f32"]]]
    assert value == {"repeat": 0, "tile": 128}


def test_a_stored_choice_no_longer_offered_is_tuned_again() -> None:
    x = tr.ones((256,), dtype=f32)
    first = make()
    first(tr.zeros((256,), dtype=f32), x).sync()
    stored = json.loads(first.path().read_text())
    assert list(stored.values()) == [{"repeat": 0, "tile": 128}]

    @tr.autotune(configs=[tr.Config(tile=64, repeat=0)], key=["x"])
    def scaled(cfg: tr.Config, z: Tensor[Any], x: Tensor[Any]) -> tr.Op:
        return scale(z.partition((cfg.tile,)), x, cfg.repeat)

    scaled.fn.__qualname__ = first.fn.__qualname__  # the same cache file, other configs
    assert scaled.path() == first.path()
    assert scaled.best_config(tr.zeros((256,), dtype=f32), x) == tr.Config(tile=64, repeat=0)
    assert len(scaled.last_tuning) == 1
    assert list(json.loads(first.path().read_text()).values()) == [{"repeat": 0, "tile": 64}]


def test_no_disk_cache_when_asked(tmp_path: Path) -> None:
    @tr.autotune(configs=CONFIGS[:2], key=["x"], cache=False)
    def scaled(cfg: tr.Config, z: Tensor[Any], x: Tensor[Any]) -> tr.Op:
        return scale(z.partition((cfg.tile,)), x, cfg.repeat)

    scaled(tr.zeros((256,), dtype=f32), tr.ones((256,), dtype=f32)).sync()
    assert not (tmp_path / "autotune").exists()


def test_verbose_prints_one_line_per_config(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    make()(tr.zeros((256,), dtype=f32), tr.ones((256,), dtype=f32)).sync()
    assert capsys.readouterr().out == ""
    monkeypatch.setenv("TILERT_AUTOTUNE_VERBOSE", "1")
    make()(tr.zeros((512,), dtype=f32), tr.ones((512,), dtype=f32)).sync()
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(CONFIGS)
    assert lines[0].startswith("autotune make.<locals>.scaled: Config(repeat=200, tile=64): ")
    assert lines[0].endswith(" us") and "power of two" in lines[2]


def test_a_borrow_error_is_the_callers_not_a_configs() -> None:
    x = tr.ones((256,), dtype=f32)
    held = x.partition((256,))  # x is being written: no config can read it
    with pytest.raises(tr.BorrowError):
        make()(tr.zeros((256,), dtype=f32), x)
    del held


def test_tuning_inside_a_graph_capture_says_to_call_once_before() -> None:
    scaled = make()
    x = tr.from_numpy(np.arange(256, dtype=np.float32))
    z, replayed = tr.zeros((256,), dtype=f32), tr.zeros((256,), dtype=f32)
    with pytest.raises(RuntimeError, match="call it once before"):
        with tr.graph() as g:
            g.record(scaled(z, x))
    g.close()
    scaled(z, x).sync()
    with tr.graph() as g:  # tuned now: recorded like any op
        g.record(scaled(replayed, x))
    g.launch().wait()
    g.close()
    np.testing.assert_array_equal(replayed.to_numpy(), np.arange(256, dtype=np.float32) * 2)


def test_with_options_of_the_same_options_is_the_kernel_itself() -> None:
    assert scale.with_options() is scale
    a = scale.with_options(num_ctas=2)
    assert a.with_options(num_ctas=2) is a
    assert "@ct.kernel(num_ctas=2, occupancy=1)" in a.with_options(occupancy=1).lower({"z": (8,)})


@pytest.mark.parametrize("dtype_name", ["f16", "bf16"])
def test_the_benchmarks_gemm_configs_all_run_and_agree(dtype_name: str) -> None:
    """benchmarks/gpu_bench_gemm.py's kernels and configs, small, under the interpreter."""
    bench = benchmark("gpu_bench_gemm")
    dt = bench.DTYPES[dtype_name]
    rng = np.random.default_rng(0)
    an = rng.standard_normal((256, 192)).astype(dt.np_dtype)
    bn = rng.standard_normal((192, 384)).astype(dt.np_dtype)
    a, b = tr.from_numpy(an), tr.from_numpy(bn)
    c = tr.zeros((256, 384), dtype=dt)
    tuned = bench.tuned_gemm(sms=2)
    tuned(c, a, b).sync()
    assert len(tuned.configs) <= 6
    assert all(isinstance(t, float) for _, t in tuned.last_tuning), tuned.last_tuning
    assert tuned.best_config(c, a, b) in tuned.configs
    ref = an.astype(np.float32) @ bn.astype(np.float32)
    tol = 2e-3 if dtype_name == "f16" else 1e-2
    np.testing.assert_allclose(c.to_numpy().astype(np.float32), ref, rtol=tol, atol=tol * 16)


def test_tuning_refuses_a_partition_argument_clearly() -> None:
    @tr.autotune(configs=CONFIGS[:2], key=["z"])
    def tuned(cfg: tr.Config, z: tr.Partition[Any], x: Tensor[Any]) -> tr.Op:
        return scale(z, x, cfg.repeat)

    z, x = tr.zeros((64,), dtype=f32), tr.ones((64,), dtype=f32)
    zp = z.partition((16,))
    with pytest.raises(
        TypeError, match=r"which one launch consumes.*partition it inside `.*tuned`"
    ):
        tuned(zp, x)
    scale(zp, x, 0).sync()  # the partition was not consumed by the refusal


def _tuned_three_times(scaled: tr.Autotuned) -> list[warnings.WarningMessage]:
    """Three calls for one key and one for another, every warning recorded; the later calls
    of the first key launch the remembered config without tuning again."""
    x = tr.from_numpy(np.arange(256, dtype=np.float32))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for i in range(3):
            z = tr.zeros((256,), dtype=f32)
            runs.clear()
            scaled(z, x).sync()
            np.testing.assert_array_equal(z.to_numpy(), np.arange(256, dtype=np.float32) * 2)
            if i:
                assert runs == [tr.Config(tile=128, repeat=0)]  # only the launch
        scaled(tr.zeros((512,), dtype=f32), tr.ones((512,), dtype=f32)).sync()
    return list(caught)


def test_a_cache_dir_under_a_file_warns_once_and_keeps_the_choice_in_memory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "a_file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("TILERT_CACHE_DIR", str(blocker / "cache"))
    scaled = make()
    (warning,) = _tuned_three_times(scaled)  # one, not one per call or per key
    assert warning.category is UserWarning  # as for a corrupt cache
    text = str(warning.message)
    assert f"the autotune cache {scaled.path()} could not be written (" in text
    assert "Not a directory" in text or "File exists" in text  # why
    assert "will not persist" in text and "TILERT_CACHE_DIR" in text
    assert len(scaled._best) == 2
    assert blocker.read_text() == "not a directory"


def test_a_read_only_cache_dir_warns_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes into a read-only directory")
    root = tmp_path / "ro"
    (root / "autotune").mkdir(parents=True)
    (root / "autotune").chmod(0o500)
    monkeypatch.setenv("TILERT_CACHE_DIR", str(root))
    try:
        (warning,) = _tuned_three_times(make())
    finally:
        (root / "autotune").chmod(0o700)
    assert "could not be written" in str(warning.message)
    assert list((root / "autotune").iterdir()) == []  # no temporary file left behind


def test_an_unreadable_cache_file_is_ignored_and_the_call_works(tmp_path: Path) -> None:
    scaled = make()
    scaled.path().mkdir(parents=True)  # a directory where the JSON file should be
    caught = _tuned_three_times(scaled)
    messages = [str(w.message) for w in caught]
    # each key read once (then remembered), the failed write said once
    assert (
        sum("ignoring the autotune cache" in m and "could not be read" in m for m in messages) == 2
    )
    assert sum("could not be written" in m for m in messages) == 1
    assert len(scaled._best) == 2 and scaled.path().is_dir()


def test_a_missing_cache_dir_is_created_silently(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TILERT_CACHE_DIR", str(tmp_path / "not" / "yet"))
    scaled = make()
    assert _tuned_three_times(scaled) == []
    assert len(json.loads(scaled.path().read_text())) == 2
    runs.clear()
    make()(tr.zeros((256,), dtype=f32), tr.ones((256,), dtype=f32)).sync()
    assert runs == [tr.Config(tile=128, repeat=0)]  # a fresh tuner reads the stored choice


def test_cold_timing_flushes_before_each_run_and_takes_the_flush_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the GPU's path, on the interpreter: a small "L2 scrub" buffer written before every run
    import sys

    autotune = sys.modules["tilert.autotune"]  # (the package's `autotune` is the decorator)

    monkeypatch.setattr(autotune, "_on_gpu", lambda: True)
    monkeypatch.setattr(autotune, "SCRUB_BYTES", 4 * 8192)
    autotune._scrub_buffer.cache_clear()
    flushes: list[tr.Tensor[Any]] = []
    real_scrub = autotune._scrub
    monkeypatch.setattr(autotune, "_scrub", lambda b: flushes.append(b) or real_scrub(b))

    @tr.autotune(configs=CONFIGS, key=["x"], rep=2, cold=True)
    def scaled(cfg: tr.Config, z: Tensor[Any], x: Tensor[Any]) -> tr.Op:
        return scale(z.partition((cfg.tile,)), x, cfg.repeat)

    x = tr.from_numpy(np.arange(256, dtype=np.float32))
    z = tr.zeros((256,), dtype=f32)
    scaled(z, x).sync()
    assert scaled.best_config(z, x) == tr.Config(tile=128, repeat=0)
    timed = [t for _, t in scaled.last_tuning if isinstance(t, float)]
    assert len(timed) == 2 and all(t > 0 for t in timed)
    assert len(flushes) == 1 + 2  # the flush timed alone, then one graph per timed config
    assert flushes[0].shape == (8192,) and not flushes[0].to_numpy().any()
    np.testing.assert_array_equal(z.to_numpy(), np.arange(256, dtype=np.float32) * 2)
    autotune._scrub_buffer.cache_clear()


def test_cold_is_ignored_on_the_cpu() -> None:
    @tr.autotune(configs=CONFIGS, key=["x"], rep=2, cold=True)
    def scaled(cfg: tr.Config, z: Tensor[Any], x: Tensor[Any]) -> tr.Op:
        return scale(z.partition((cfg.tile,)), x, cfg.repeat)

    x, z = tr.ones((256,)), tr.zeros((256,))
    scaled(z, x).sync()
    assert scaled.best_config(z, x) == tr.Config(tile=128, repeat=0)
    np.testing.assert_array_equal(z.to_numpy(), np.full(256, 2.0, np.float32))
