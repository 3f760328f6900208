"""The checker's knowledge of ``tilert.distributed``'s collectives beyond the catalog's
examples: every import form reaches the same table, keywords bind as the signature says, the
written and the read tensors borrow as a launch's Mutable and Shared ones, and the findings
name the collective."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from tilecheck.host.collectives import COLLECTIVES
from tilecheck.module_check import check_module

HEAD = "import tilert as tr\nimport tilert.distributed as dist\n"


def found(body: str, head: str = HEAD) -> list[tuple[str, int]]:
    """The findings of ``body`` as the body of ``main(o)``, by line within ``body``."""
    source = head + "\n\ndef main(o) -> None:\n" + textwrap.indent(textwrap.dedent(body), "    ")
    offset = head.count("\n") + 3
    module = cst.parse_module(source)
    return [(d.code, d.span.line - offset) for d in check_module(module, path="m.py", project=None)]


@pytest.mark.parametrize(
    ("head", "call"),
    [
        ("import tilert.distributed as dist\n", "dist.all_reduce"),
        ("from tilert import distributed\n", "distributed.all_reduce"),
        ("from tilert.distributed import all_reduce\n", "all_reduce"),
        ("import tilert as tr\n", "tr.distributed.all_reduce"),
    ],
)
def test_every_import_form_is_the_same_collective(head: str, call: str) -> None:
    body = f"""\
    x = tr.zeros((8,))
    p = {call}(x).submit()
    x.to_numpy()
    p.wait()
"""
    assert found(body, "import tilert as tr\n" + head) == [("TC102", 3)]


def test_keywords_bind_to_their_parameters() -> None:
    body = """\
    x, out = tr.zeros((8,)), tr.zeros((16,))
    p = dist.all_gather(t=x, out=out).submit()
    x.to_numpy()
    out.to_numpy()
    p.wait()
"""
    assert found(body) == [("TC102", 4)]  # x is only read by the gather: reading it is fine


def test_a_collective_may_not_write_what_a_pending_launch_reads() -> None:
    body = """\
    x, out = tr.zeros((8,)), tr.zeros((16,))
    p = dist.all_gather(out, x).submit()
    q = dist.all_reduce(x).submit()
    q.wait()
    p.wait()
"""
    assert found(body) == [("TC103", 3)]


def test_a_read_follows_a_pending_collective_in_stream_order() -> None:
    body = """\
    x, out = tr.zeros((8,)), tr.zeros((16,))
    p = dist.all_reduce(x).submit()
    dist.all_gather(out, x).sync()
    p.wait()
"""
    assert found(body) == []


def test_a_chain_and_a_graph_pass_the_tensor_on() -> None:
    body = """\
    x = tr.zeros((8,))
    dist.all_reduce(x).then(lambda t: dist.all_reduce(t)).sync()
    with tr.graph() as g:
        g.record(dist.all_reduce(x))
        g.record(dist.broadcast(x, 0))
    g.launch().wait()
    g.close()
    x.to_numpy()
"""
    assert found(body) == []


def test_unknown_receivers_and_other_libraries_are_not_guessed_about() -> None:
    body = """\
    import torch.distributed as td
    x = tr.zeros((8,))
    td.all_reduce(x)
    o.all_reduce(x)
    x.to_numpy()
"""
    assert found(body) == []


def test_the_table_names_each_collective_of_the_runtime() -> None:
    import tilert.distributed as dist

    for canonical, signature in COLLECTIVES.items():
        assert callable(getattr(dist, canonical.rpartition(".")[2]))
        assert signature.written | signature.read
