"""``python -m tilert.distributed.run``: N processes with torchrun's environment, the first
failure's exit status forwarded and the other ranks stopped; and the environment as
``tr.distributed.init`` reads it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support import REPO
from tilert.distributed.env import Environment
from tilert.distributed.run import rank_environments

# A rank that reports its environment, then exits with RANK_EXIT_<rank> (default 0), or sleeps
# first with RANK_SLEEP_<rank> seconds
RANK = """\
import json, os, sys, time
rank = os.environ["RANK"]
keys = ("RANK", "WORLD_SIZE", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT")
with open(os.path.join(sys.argv[1], f"rank{rank}.json"), "w") as f:
    json.dump({**{k: os.environ[k] for k in keys}, "argv": sys.argv[2:]}, f)
time.sleep(float(os.environ.get(f"RANK_SLEEP_{rank}", "0")))
sys.exit(int(os.environ.get(f"RANK_EXIT_{rank}", "0")))
"""


def launch(tmp_path: Path, n: int, *extra: str, env: dict[str, str] | None = None) -> int:
    script = tmp_path / "rank.py"
    script.write_text(RANK)
    command = [sys.executable, "-m", "tilert.distributed.run", "-n", str(n)]
    done = subprocess.run(
        [*command, str(script), str(tmp_path), *extra],
        cwd=REPO,
        env={**_base_env(), **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.returncode


def _base_env() -> dict[str, str]:
    """This environment, tilert importable from the checkout in the ranks' scripts too."""
    path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    kept = {k: v for k, v in os.environ.items() if not k.startswith("RANK_")}
    return {**kept, "PYTHONPATH": path}


def test_each_rank_gets_torchruns_environment_and_the_arguments(tmp_path: Path) -> None:
    assert launch(tmp_path, 2, "--lr", "3") == 0
    seen = [json.loads((tmp_path / f"rank{r}.json").read_text()) for r in range(2)]
    for r, env in enumerate(seen):
        assert env["RANK"] == env["LOCAL_RANK"] == str(r)
        assert env["WORLD_SIZE"] == env["LOCAL_WORLD_SIZE"] == "2"
        assert env["MASTER_ADDR"] == "127.0.0.1"
        assert env["argv"] == ["--lr", "3"]
    assert seen[0]["MASTER_PORT"] == seen[1]["MASTER_PORT"] != "0"


def test_a_failing_rank_stops_the_others_and_gives_its_status(tmp_path: Path) -> None:
    start = time.monotonic()
    status = launch(tmp_path, 2, env={"RANK_EXIT_1": "3", "RANK_SLEEP_0": "60"})
    assert status == 3
    assert time.monotonic() - start < 30  # rank 0 was stopped, not waited for


def test_a_rank_killed_by_a_signal_is_reported_as_a_shell_would(tmp_path: Path) -> None:
    kill = "import os, signal; os.kill(os.getpid(), signal.SIGTERM)"
    script = tmp_path / "killed.py"
    script.write_text(kill)
    done = subprocess.run(
        [sys.executable, "-m", "tilert.distributed.run", "-n", "2", str(script)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 128 + 15


def test_a_script_with_one_process_runs_init_without_torch(tmp_path: Path) -> None:
    script = tmp_path / "one.py"
    script.write_text(
        "import numpy as np, tilert as tr, tilert.distributed as dist\n"
        "comm = dist.init()\n"
        "x = tr.ones((4,))\n"
        "dist.all_reduce(x).sync()\n"
        "print(comm.rank, comm.size, x.to_numpy().tolist())\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "tilert.distributed.run", "-n", "1", str(script)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        env={**_base_env(), "TILERT_BACKEND": "interpret"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0 1 [1.0, 1.0, 1.0, 1.0]"


def test_no_processes_is_a_usage_error(tmp_path: Path) -> None:
    assert launch(tmp_path, 0) == 2


def test_rank_environments_are_what_init_reads() -> None:
    envs = rank_environments(3, "10.0.0.1", 29400, base={"PATH": "/bin"})
    assert [Environment.read(e) for e in envs] == [
        Environment(r, 3, r, "10.0.0.1", 29400) for r in range(3)
    ]
    assert all(e["PATH"] == "/bin" for e in envs)


def test_without_a_launcher_it_is_a_world_of_one() -> None:
    assert Environment.read({}) == Environment()
    assert Environment.read({"WORLD_SIZE": "1"}) == Environment()


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"WORLD_SIZE": "2", "RANK": "0"}, "MASTER_ADDR, MASTER_PORT not set"),
        ({"WORLD_SIZE": "two"}, "WORLD_SIZE='two' is not an integer"),
        ({"WORLD_SIZE": "0"}, "at least one process"),
        (
            {"WORLD_SIZE": "2", "RANK": "2", "MASTER_ADDR": "h", "MASTER_PORT": "1"},
            "RANK=2 is outside a world of WORLD_SIZE=2",
        ),
        (
            {"WORLD_SIZE": "2", "RANK": "1", "MASTER_ADDR": "h", "MASTER_PORT": "70000"},
            "MASTER_PORT=70000 is not a TCP port",
        ),
    ],
)
def test_a_wrong_environment_says_what_is_wrong(environ: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Environment.read(environ)


def test_several_processes_without_torch_say_what_to_install(tmp_path: Path) -> None:
    script = tmp_path / "two.py"
    script.write_text("import tilert.distributed as dist\ndist.init()\n")
    done = subprocess.run(
        [sys.executable, "-m", "tilert.distributed.run", "-n", "2", str(script)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        env={**_base_env(), "TILERT_BACKEND": "interpret"},
    )
    try:
        import torch  # noqa: F401
    except ImportError:
        assert done.returncode == 1
        assert "talks through torch.distributed" in done.stderr
    else:  # gloo on the CPU: the two processes meet and finish
        assert done.returncode == 0, done.stderr
