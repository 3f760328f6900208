"""Packaging (docs/decisions.md, "Packaging"): the runtime and the CLI run without mypy, the gpu
extra is bounded to tested releases and the install hints name it without assuming a checkout,
wheels carry the examples for the demo, and the sdist holds every file the tests read. Building
and installing real wheels is slower: tools/check_wheel.sh (docs/releasing.md)."""

from __future__ import annotations

import filecmp
import os
import subprocess
import sys
import tarfile
from importlib import metadata
from pathlib import Path

import pytest

from tests.support import REPO
from tilert._core import extras
from tilert.demo import EXAMPLES, GPU_EXAMPLES, examples_folder

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

NO_MYPY = f"""
import runpy, sys
import tilert, tilert.demo, tilert.doctor, tilert.kernels
from tilecheck.cli import main
status = main(["--quiet", {str(REPO / "examples")!r}])
runpy.run_path({str(REPO / "examples" / "add.py")!r}, run_name="__main__")
print("exit", status, "mypy", sorted(m for m in sys.modules if m.split(".")[0] == "mypy"))
"""


def test_the_runtime_and_the_checker_never_import_mypy() -> None:
    """mypy is the `mypy` extra's: importing tilert, running a kernel and the CLI leave it
    unimported (it is installed here, so an import anywhere would show in sys.modules)."""
    done = subprocess.run(
        [sys.executable, "-c", NO_MYPY],
        capture_output=True,
        text=True,
        cwd=REPO,
        env={**os.environ, "TILERT_BACKEND": "interpret"},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    status, loaded = done.stdout.splitlines()[-1].removeprefix("exit ").split(" mypy ")
    assert status in ("0", "1") and loaded == "[]"  # (1: findings, which are not this test's)


def _extra(name: str) -> list[str]:
    with open(REPO / "pyproject.toml", "rb") as f:
        extras_: dict[str, list[str]] = tomllib.load(f)["project"]["optional-dependencies"]
    return extras_[name]


def test_the_gpu_extra_is_bounded_to_the_tested_releases() -> None:
    """Every GPU figure was measured with cuda.tile 1.7, cuda-core 1.2 and cuda-bindings 13.3:
    each requirement of the extra has a lower and an upper bound."""
    gpu = _extra("gpu")
    assert {r.split("[")[0].split(">")[0] for r in gpu} == {
        "cuda-tile",
        "cuda-core",
        "cuda-bindings",
    }
    assert all(">=" in r and "<" in r.replace("<=", "") for r in gpu), gpu


def test_mypy_is_an_extra_not_a_dependency() -> None:
    with open(REPO / "pyproject.toml", "rb") as f:
        dependencies: list[str] = tomllib.load(f)["project"]["dependencies"]
    assert not [r for r in dependencies if r.startswith("mypy")]
    assert [r for r in _extra("mypy") if r.startswith("mypy")]
    assert [r for r in _extra("dev") if r.startswith("mypy")]  # `pip install -e ".[dev]"`


def _distribution(folder: Path, requires: list[str]) -> metadata.Distribution:
    info = folder / "tilecheck-0.1.0.dist-info"
    info.mkdir()
    lines = ["Metadata-Version: 2.1", "Name: tilecheck", "Version: 0.1.0"]
    (info / "METADATA").write_text("\n".join(lines + [f"Requires-Dist: {r}" for r in requires]))
    return metadata.Distribution.at(info)


def test_the_install_hint_names_the_extras_pinned_requirements(tmp_path: Path) -> None:
    """The hint works from a wheel as from a checkout: the extra's requirements as installed,
    not `pip install -e '.[gpu]'`; only tilert run from a bare folder gets the checkout's."""
    dist = _distribution(
        tmp_path,
        [
            "numpy>=1.24",
            "cuda-tile[tileiras]<1.8,>=1.7; extra == 'gpu'",
            'cuda-core<1.3,>=1.2; extra == "gpu"',
            "pygls>=2.0; extra == 'lsp'",
        ],
    )
    assert extras.install_command("gpu", dist) == (
        "pip install 'cuda-tile[tileiras]<1.8,>=1.7' 'cuda-core<1.3,>=1.2'"
    )
    assert extras.requirements("lsp", dist) == ["pygls>=2.0"]
    assert extras.requirements("gpu", None) == []
    bare = tmp_path / "bare"
    bare.mkdir()
    empty = _distribution(bare, [])
    assert extras.install_command("gpu", empty) == "pip install -e '.[gpu]' in tilert's checkout"


def _write_examples(folder: Path, names: tuple[str, ...]) -> Path:
    folder.mkdir(parents=True)
    for name in names:
        (folder / f"{name}.py").write_text("")
    return folder


def test_the_demo_finds_the_wheels_examples_then_the_checkouts(tmp_path: Path) -> None:
    every = EXAMPLES + GPU_EXAMPLES
    wheel = tmp_path / "site-packages" / "tilert"
    packaged = _write_examples(wheel / "_examples", every)
    _write_examples(wheel.parent / "examples", ("add",))  # another distribution's folder
    assert examples_folder(wheel) == packaged
    checkout = tmp_path / "checkout" / "tilert"
    checkout.mkdir(parents=True)
    assert examples_folder(checkout) is None
    beside = _write_examples(checkout.parent / "examples", every)
    assert examples_folder(checkout) == beside
    assert examples_folder(REPO / "tilert") == REPO / "examples"


def _setup(*args: str) -> None:
    """Runs setup.py's command with this Python's setuptools (a venv of 3.12 on has none)."""
    pytest.importorskip("setuptools", reason="setup.py needs setuptools in this environment")
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", *args], capture_output=True, text=True, cwd=REPO
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_built_package_carries_the_examples(tmp_path: Path) -> None:
    """setup.py's build step copies examples/ into the package (the wheel's `tilert/_examples`)
    and the demo of that build finds them."""
    _setup("build_py", "--build-lib", str(tmp_path))
    packaged = tmp_path / "tilert" / "_examples"
    names = sorted(p.name for p in (REPO / "examples").glob("*.py"))
    assert sorted(p.name for p in packaged.glob("*.py")) == names
    assert not filecmp.cmpfiles(REPO / "examples", packaged, names, shallow=False)[1]
    assert examples_folder(tmp_path / "tilert") == packaged


def _tracked(*folders: str) -> set[str]:
    try:
        listed = subprocess.run(
            ["git", "-C", str(REPO), "ls-files", "--", *folders],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout (an unpacked sdist), or git is not available")
    return {path for path in listed if (REPO / path).is_file()}  # deleted, not yet committed


def test_the_sdist_holds_every_file_the_tests_and_examples_read(tmp_path: Path) -> None:
    """MANIFEST.in: each tracked file of the packages, tests (conftest, tests/support, test
    data), examples, docs and benchmark scripts (tests import some) is in the sdist, once (the
    packages as their folders, not again under src/)."""
    tracked = _tracked(
        *("tilert", "tilecheck", "mypy_plugin", "tests", "examples", "docs", "tools"),
        *(":(glob)benchmarks/*.py", ":(glob)benchmarks/*.sh"),  # the scripts; not their corpora
    )
    tracked |= {"setup.py", "pyproject.toml", "MANIFEST.in", "LICENSE", ".pre-commit-hooks.yaml"}
    _setup("sdist", "--dist-dir", str(tmp_path))
    (archive,) = tmp_path.glob("*.tar.gz")
    with tarfile.open(archive) as tar:
        members = {m.name.partition("/")[2] for m in tar.getmembers() if m.isfile()}
    assert sorted(tracked - members) == []
    # (setuptools adds its own record of the sdist's files, src/tilecheck.egg-info/SOURCES.txt)
    doubled = [m for m in members if m.startswith("src/") and ".egg-info/" not in m]
    assert not doubled and not [m for m in members if m.endswith((".pyc", ".so"))]
