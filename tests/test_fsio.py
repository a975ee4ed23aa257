"""Atomic writes: the target is replaced only by a complete file."""
from __future__ import annotations

import pytest

from simcli.fsio import atomic_open, atomic_path, atomic_write_text


def test_atomic_write_replaces_whole_file(tmp_path):
    target = tmp_path / "summary.md"
    target.write_text("old")
    atomic_write_text(target, "new contents")
    assert target.read_text() == "new contents"
    assert [p.name for p in tmp_path.iterdir()] == ["summary.md"]


def test_failed_write_keeps_previous_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "report.html"
    target.write_text("previous report")
    with pytest.raises(OSError):
        with atomic_open(target) as fh:
            fh.write("half a rep")
            raise OSError("No space left on device")
    assert target.read_text() == "previous report"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]


def test_atomic_path_keeps_suffix_for_format_inference(tmp_path):
    target = tmp_path / "plot.png"
    with atomic_path(target) as tmp:
        assert tmp.suffix == ".png" and tmp.name.startswith(".plot.tmp-")
        assert tmp.parent == tmp_path
        tmp.write_bytes(b"png")
    assert target.read_bytes() == b"png"
