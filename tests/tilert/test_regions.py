"""The layout of views (tilert._core.layout) against numpy's, and the overlap test of regions
(tilert._core.regions) against numpy's exact answer on real arrays."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

from tilert._core import layout, regions
from tilert._core.regions import Region

BASE = np.arange(2 * 3 * 8 * 4, dtype=np.float32).reshape(2, 3, 8, 4)
WHOLE = Region.whole(BASE.shape, 4)


def elements(region: Region, base: np.ndarray[Any, Any] = BASE) -> np.ndarray[Any, Any]:
    """The elements a region covers, read from ``base``'s memory."""
    flat = base.reshape(-1).view(np.uint8)
    out: np.ndarray[Any, Any] = np.ndarray(
        region.shape, base.dtype, flat, region.offset, region.strides
    )
    return out


KEYS: list[Any] = [
    0,
    -1,
    (1, 2),
    (slice(None), 1),
    (Ellipsis, 2),
    (None, 1, Ellipsis, None),
    (slice(0, 2), slice(None, None, 2), slice(1, 7, 3)),
    (1, Ellipsis, slice(1, 3)),
    (),
    (slice(5, 1),),
    (slice(-3, None), slice(10, 20)),
]


@pytest.mark.parametrize("key", KEYS, ids=[repr(k) for k in KEYS])
def test_index_is_numpys_basic_indexing(key: Any) -> None:
    region, _ = layout.index(WHOLE, key)
    np.testing.assert_array_equal(elements(region), BASE[key])
    assert region.shape == BASE[key].shape


def test_index_shows_its_key() -> None:
    assert layout.index(WHOLE, (0, slice(None, 4), slice(1, None, 2)))[1] == "[0, :4, 1::2]"
    assert layout.index(WHOLE, (Ellipsis, None))[1] == "[..., None]"


@pytest.mark.parametrize("key", [[0, 1], np.array([0, 1]), True, 1.5, (0, [1])])
def test_advanced_indexing_is_a_type_error(key: Any) -> None:
    with pytest.raises(TypeError, match=r"basic indexing.*advanced indexing, which copies"):
        layout.index(WHOLE, key)


def test_bad_indices() -> None:
    with pytest.raises(IndexError, match="index 2 is out of bounds for axis 0 with size 2"):
        layout.index(WHOLE, 2)
    with pytest.raises(IndexError, match="too many indices"):
        layout.index(WHOLE, (0, 0, 0, 0, 0))
    with pytest.raises(IndexError, match="single ellipsis"):
        layout.index(WHOLE, (Ellipsis, Ellipsis))
    with pytest.raises(ValueError, match="non-negative strides"):
        layout.index(WHOLE, slice(None, None, -1))


STRIDED = layout.index(WHOLE, (slice(None), slice(None), slice(None, None, 2)))[0]
TRANSPOSED = layout.permute(WHOLE, (3, 2, 1, 0))


@pytest.mark.parametrize(
    ("source", "array"),
    [(WHOLE, BASE), (STRIDED, BASE[:, :, ::2]), (TRANSPOSED, BASE.transpose(3, 2, 1, 0))],
    ids=["dense", "strided", "transposed"],
)
@pytest.mark.parametrize(
    "shape", [(6, 4, 4), (2, 3, 16), (2, 12, 4), (1, 6, 1, 4, 4, 1), (3, 2, 4, 4), (96,)]
)
def test_reshape_is_numpys_without_copy(
    source: Region, array: np.ndarray[Any, Any], shape: tuple[int, ...]
) -> None:
    if array.size != np.prod(shape):
        shape = (*shape[:-1], shape[-1] * array.size // int(np.prod(shape)))
    found = layout.reshape(source, shape)
    try:  # numpy's no-copy reshape (copy=False raises where a copy would be needed)
        np.reshape(array, shape, copy=False)
    except ValueError:
        assert found is None
        return
    assert found is not None
    np.testing.assert_array_equal(elements(found), array.reshape(shape))


def test_new_shape() -> None:
    assert layout.new_shape(WHOLE, (6, -1)) == (6, 32)
    assert layout.new_shape(WHOLE, ((192,),)) == (192,)
    with pytest.raises(ValueError, match="do not fit"):
        layout.new_shape(WHOLE, (5, 5))
    with pytest.raises(ValueError, match="at most one -1"):
        layout.new_shape(WHOLE, (-1, -1))
    with pytest.raises(TypeError, match="made of ints"):
        layout.new_shape(WHOLE, (2.0, 96))


def test_permute() -> None:
    for order in itertools.permutations(range(4)):
        np.testing.assert_array_equal(elements(layout.permute(WHOLE, order)), BASE.transpose(order))
    np.testing.assert_array_equal(
        elements(layout.permute(WHOLE, (-1, 0, 1, 2))), BASE.transpose(3, 0, 1, 2)
    )
    with pytest.raises(ValueError, match="each axis"):
        layout.permute(WHOLE, (0, 0, 1, 2))


def test_retype() -> None:
    same = layout.retype(WHOLE, 4)
    assert same == WHOLE
    halves = layout.retype(WHOLE, 2)
    assert isinstance(halves, Region)
    np.testing.assert_array_equal(
        np.ndarray(halves.shape, np.float16, BASE, halves.offset, halves.strides),
        BASE.view(np.float16),
    )
    doubles = layout.retype(WHOLE, 8)
    assert isinstance(doubles, Region) and doubles.shape == (2, 3, 8, 2)
    assert "not contiguous" in str(layout.retype(TRANSPOSED, 8))
    odd = layout.index(WHOLE, (Ellipsis, slice(0, 3)))[0]
    assert "no whole number" in str(layout.retype(odd, 8))
    assert "0-d" in str(layout.retype(Region.whole((), 4), 8))


def _overlap_cases() -> list[tuple[str, Any, Any]]:
    return [
        ("blocks", 0, 1),
        ("columns", (Ellipsis, slice(0, 2)), (Ellipsis, slice(2, 4))),
        ("touching columns", (Ellipsis, slice(0, 3)), (Ellipsis, slice(2, 4))),
        ("interleaved", (Ellipsis, slice(0, None, 2)), (Ellipsis, slice(1, None, 2))),
        ("interleaved rows", (slice(None), slice(0, None, 2)), (slice(None), slice(1, None, 2))),
        ("same interleave", (Ellipsis, slice(0, None, 2)), (Ellipsis, slice(2, None, 2))),
        ("row inside", (0, 1), 0),
        (
            "stride 3 vs 2",
            (Ellipsis, slice(0, None, 3), slice(None)),
            (Ellipsis, slice(1, None, 2), slice(None)),
        ),
        ("empty", (slice(0, 0),), 0),
        ("whole", (), 1),
    ]


@pytest.mark.parametrize(("name", "a", "b"), _overlap_cases(), ids=[c[0] for c in _overlap_cases()])
def test_overlap_is_exact(name: str, a: Any, b: Any) -> None:
    ra, rb = layout.index(WHOLE, a)[0], layout.index(WHOLE, b)[0]
    expected = bool(np.shares_memory(BASE[a], BASE[b]))
    assert regions.overlaps(ra, rb) is expected
    assert regions.overlaps(rb, ra) is expected


def test_overlap_of_other_element_sizes() -> None:
    as_bytes = layout.retype(WHOLE, 1)
    assert isinstance(as_bytes, Region)
    first_byte = layout.index(as_bytes, (0, 0, 0, slice(0, 1)))[0]
    third_float = layout.index(WHOLE, (0, 0, 0, 2))[0]
    assert regions.overlaps(first_byte, layout.index(WHOLE, (0, 0, 0, 0))[0])
    assert not regions.overlaps(first_byte, third_float)


def test_unsure_counts_as_overlapping(monkeypatch: pytest.MonkeyPatch) -> None:
    a = layout.index(WHOLE, (Ellipsis, slice(0, None, 2)))[0]
    b = layout.index(WHOLE, (Ellipsis, slice(1, None, 2)))[0]
    regions.overlaps.cache_clear()
    monkeypatch.setattr(regions, "MAX_WORK", 0)  # numpy gives up at once: unsure
    assert regions.overlaps(a, b)
    regions.overlaps.cache_clear()


def test_span_and_contiguity() -> None:
    assert WHOLE.span() == (0, BASE.nbytes) and WHOLE.is_contiguous()
    row = layout.index(WHOLE, (1, 2))[0]  # 8 x 4 floats, starting at element (1*3 + 2) * 32
    assert row.span() == (5 * 32 * 4, 6 * 32 * 4)
    assert row.is_contiguous() and not STRIDED.is_contiguous()
    empty = layout.index(WHOLE, (slice(0, 0),))[0]
    assert empty.span()[0] == empty.span()[1] and empty.is_contiguous()
