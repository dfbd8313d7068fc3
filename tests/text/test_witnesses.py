"""The witnesses are kept byte for byte: their hashes are pinned here, independently of the data."""

import hashlib
from pathlib import Path

import pytest

from tests.conftest import ROOT, SOURCE_TEXTS

PINNED = {
    "000_ba7a576b9c7b83e8.txt": "5f96ebf72d5b7b82ecdc07e255a217ba4c27e6df70fed0e711c618d0266e01a9",
    "002_a87fa0eeacd1d738.txt": "6f40df7745e957f6afd8806c3177377c5d23c9095dfdd219fe9f40a3035fe7ae",
    "003_c3a681a1dfb5f8ee.txt": "c6d6a13bebab3db4514783c974bd11687806829148c1da0ebde86007964908fb",
    "004_f875b978ee8c799f.txt": "444ed1cfb815d17a09d806350e9adef6c7c223299b0bb5e6bd279bb84a06e09c",
}
SEEDS = ROOT.parent / "shared" / "seeds"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("name", sorted(PINNED))
def test_witness_matches_pinned_hash(name):
    assert digest(SOURCE_TEXTS / "witnesses" / name) == PINNED[name]


def test_no_other_witness_files():
    assert sorted(p.name for p in (SOURCE_TEXTS / "witnesses").iterdir()) == sorted(PINNED)


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not beside this checkout")
@pytest.mark.parametrize("name", sorted(PINNED))
def test_witness_is_the_seed_byte_for_byte(name):
    assert (SOURCE_TEXTS / "witnesses" / name).read_bytes() == (SEEDS / name).read_bytes()


def test_recorded_hashes_agree(edition):
    assert {w.path.name: w.sha256 for w in edition.witnesses.values()} == PINNED
