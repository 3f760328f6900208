"""What a script leaves in its module's names as the interpreter exits still warns: an op never
run and a Pending never waited on, with the kernel defined in the script itself. Its function
holds the script's globals, so whatever of tilert's keeps the kernel (the launch signatures
checked, the C path's memos, the CPU queue's work) kept the module alive past the collection
that runs the finalizers, and nothing warned; with the kernel imported from a module it did.
Each script runs as a user runs it (``python -W always``), on the launch path this suite runs
(C or, with ``TILERT_PURE_PYTHON=1``, the Python alone)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

HEAD = """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def inc(y: Mutable[Tensor[f32]], d: float) -> None:
    y.store(y.load() + d)


"""


def _warnings_of(tmp_path: Path, body: str) -> list[str]:
    """The warning lines the script prints on stderr (``file:line: Category: message``)."""
    script = tmp_path / "script.py"
    script.write_text(HEAD + body)
    done = subprocess.run(
        [sys.executable, "-W", "always", script.name],
        cwd=tmp_path,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return [line for line in done.stderr.splitlines() if re.match(r"\S+:\d+: \w+Warning", line)]


def _line(body: str, text: str) -> int:
    """The script's line number of ``text`` in ``body``."""
    return HEAD.count("\n") + body.splitlines().index(text) + 1


def test_a_module_level_op_never_run_warns_at_its_line(tmp_path: Path) -> None:
    body = "b = tr.zeros((128,))\nop = inc(b.partition((32,)), 1.0)\n"
    n = _line(body, "op = inc(b.partition((32,)), 1.0)")
    assert _warnings_of(tmp_path, body) == [
        f"script.py:{n}: UnrunOpWarning: op `inc` created at script.py:{n} was never run; its "
        "borrows were released (call .sync(), .submit(), await it, or record it in a graph)"
    ]


def test_a_list_of_ops_never_run_warns_for_each(tmp_path: Path) -> None:
    body = (
        "bs = [tr.zeros((128,)) for _ in range(2)]\n"
        "ops = [inc(b.partition((32,)), 1.0) for b in bs]\n"
    )
    n = _line(body, "ops = [inc(b.partition((32,)), 1.0) for b in bs]")
    found = _warnings_of(tmp_path, body)
    assert len(found) == 2
    assert all(
        w.startswith(f"script.py:{n}: UnrunOpWarning: op `inc` created at script.py:{n} ")
        for w in found
    )


def test_after_launches_ran_an_op_and_a_pending_left_still_warn(tmp_path: Path) -> None:
    """A launch that ran first fills every cache that keeps its kernel (the signature checked,
    the C path's memos); a Pending never waited on keeps its work queued on the CPU."""
    body = (
        "b = tr.zeros((128,))\n"
        "inc(b.partition((32,)), 1.0).sync()\n"
        "inc(b.partition((32,)), 1.0).submit().wait()\n"
        "c = tr.zeros((128,))\n"
        "p = inc(c.partition((32,)), 1.0).submit()\n"
        "op = inc(b.partition((32,)), 1.0)\n"
    )
    submitted = _line(body, "p = inc(c.partition((32,)), 1.0).submit()")
    made = _line(body, "op = inc(b.partition((32,)), 1.0)")
    found = sorted(_warnings_of(tmp_path, body))
    assert len(found) == 2
    assert found[0].startswith(
        f"script.py:{submitted}: UnrunOpWarning: op `inc` submitted at script.py:{submitted} "
        "was never waited on; waiting now to release its borrows"
    )
    assert found[1].startswith(
        f"script.py:{made}: UnrunOpWarning: op `inc` created at script.py:{made} was never run"
    )
