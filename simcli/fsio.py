"""Safe file output: every file simcli writes goes through a temporary name and a rename.

A reader (or a crash, a full disk, a Ctrl-C) never sees a half-written file under the final
name: the bytes go to a hidden temporary file in the same folder, are flushed, and only then
replace the target with :func:`os.replace` (atomic on POSIX). On any error the temporary file
is removed and the previous file, if any, is left as it was.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

__all__ = ["atomic_path", "atomic_write_bytes", "atomic_write_text", "atomic_open", "save_figure"]


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike, suffix: str | None = None) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; on success rename it onto ``path``.

    For writers that want a file name (``savefig``, ``ParquetWriter``). The temporary name is
    hidden (``.<stem>.tmp-XXXX<suffix>``) and keeps the extension that writers infer the format
    from (default: the target's own suffix).
    """
    target = Path(path)
    fd, tmp_name = tempfile.mkstemp(
        prefix=f".{target.stem}.tmp-", suffix=target.suffix if suffix is None else suffix,
        dir=target.parent,
    )
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        yield tmp
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


@contextlib.contextmanager
def atomic_open(path: str | os.PathLike, mode: str = "w", encoding: str | None = "utf-8"
                ) -> Iterator[IO]:
    """``open(path, mode)`` that only replaces ``path`` once the block ends without error."""
    if "b" in mode:
        encoding = None
    with atomic_path(path) as tmp, open(tmp, mode, encoding=encoding) as fh:
        yield fh
        fh.flush()
        os.fsync(fh.fileno())


def atomic_write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename."""
    with atomic_open(path, "w", encoding=encoding) as fh:
        fh.write(text)


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename."""
    with atomic_open(path, "wb") as fh:
        fh.write(data)


def save_figure(fig, path: str | os.PathLike, **kwargs) -> Path:
    """``fig.savefig(path)`` through a temporary file and a rename (format from the suffix)."""
    target = Path(path)
    with atomic_path(target) as tmp:
        fig.savefig(tmp, format=kwargs.pop("format", target.suffix.lstrip(".") or "png"),
                    **kwargs)
    return target
