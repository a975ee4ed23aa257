"""Output folders: simcli writes only into a folder that is its own, and deletes only what
it wrote there.

A folder is simcli's when it is new, empty, or holds simcli's marker: ``run.json`` with
``"owner": "simcli results folder"`` and ``"files"``, the files (relative paths) simcli wrote
into it. A fresh run deletes exactly those files (plus its own part files in ``.parts/``
and its own temporary files), never a folder, and never anything else. A ``run.json`` of an
older simcli (``simcli_version`` and ``game``, no ``owner``) counts as simcli's, with the
standard file names (and the plots its summary.json lists) as its files.

:func:`check_folder` only looks (it is called after every other input is validated and
before anything is written); :func:`claim` then clears the previous run's files.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from simcli.scenario import ScenarioError

SIGNATURE = "simcli results folder"
RUN_FILE = "run.json"
PARTS = ".parts"
PLOTS = "plots"
#: the files a run writes at the top of its folder (besides run.json and plots/*)
STANDARD = ("results.parquet", "summary.json", "summary.md", "report.html", "errors.jsonl")
#: part files written by the runner: <variant tag>-<n>p-[c<chunk size>-]<start>.parquet
#: (searching runs name their chunk size, simcli.runner._part_prefix)
PART_RE = re.compile(r"^[0-9a-f]{12}-\d+p-(c\d+-)?\d{10}\.(parquet|tmp)$")
#: temporary files of simcli.fsio (``.<stem>.tmp-XXXX<suffix>``)
TMP_RE = re.compile(r"^\.[^/]+\.tmp-[A-Za-z0-9_]+(\.[A-Za-z0-9]+)?$")


class FolderError(ScenarioError):
    """An output folder simcli must not write into (one line, exit 2)."""


def _name_max(path: Path) -> int:
    """The longest file name the file system takes where ``path`` would go."""
    for probe in (path.absolute(), *path.absolute().parents):
        try:
            if probe.is_dir():
                return os.pathconf(probe, "PC_NAME_MAX")
        except (OSError, ValueError):
            continue
    return 255


def owned_files(folder: Path) -> list[str] | None:
    """The files simcli wrote into ``folder`` (from its marker), or None if the folder
    holds no simcli marker."""
    path = folder / RUN_FILE
    if not path.is_file():
        return None
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(meta, dict):
        return None
    if meta.get("owner") == SIGNATURE:
        files = meta.get("files")
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            return None
        return [f for f in files if _safe_relative(f)]
    if "simcli_version" in meta and "game" in meta:  # an older simcli's folder
        files = list(STANDARD)
        try:
            summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
            files += [f"{PLOTS}/{p}" for p in summary.get("plots", []) if isinstance(p, str)]
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, AttributeError):
            pass
        return [f for f in files if _safe_relative(f)]
    return None


def _safe_relative(name: str) -> bool:
    """A marker entry simcli could have written: ``NAME`` or ``plots/NAME``."""
    parts = Path(name).parts
    if not parts or Path(name).is_absolute() or any(p in ("..", ".", "") for p in parts):
        return False
    return len(parts) == 1 or (len(parts) == 2 and parts[0] == PLOTS)


def is_simcli_folder(folder: Path) -> bool:
    return owned_files(folder) is not None


def _protected(folder: Path) -> str | None:
    """Why ``folder`` may never be a results folder (or None)."""
    try:
        resolved = folder.resolve()
    except (OSError, RuntimeError):
        return "cannot be resolved"
    if resolved == Path(resolved.anchor):
        return "is the root of the file system"
    home = Path.home().resolve()
    if resolved == home:
        return "is your home folder"
    if any((resolved / marker).exists() for marker in ("pyproject.toml", "setup.py", ".git")):
        return "is a project root"
    return None


def check_folder(folder: str | Path, *, resume: bool = False, what: str = "--out",
                 protect: tuple[str | Path, ...] = ()) -> Path:
    """Refuse (FolderError) an output folder simcli must not write into. Touches nothing."""
    folder = Path(folder)
    text = str(folder)
    shown = f"{what} {text if len(text) <= 60 else text[:40] + '...' + text[-12:]!r}"
    if not str(folder).strip():
        raise FolderError(f"{what}: empty folder name")
    limit = min(255, _name_max(folder)) if all(
        len(os.fsencode(p)) <= 255 for p in folder.parts) else 255
    for part in folder.parts:
        if len(os.fsencode(part)) > limit:
            raise FolderError(f"{shown}: the name {part[:24]!r}... is longer than {limit} "
                              "bytes")
    if len(os.fsencode(str(folder.absolute()))) > 4000:
        raise FolderError(f"{what}: the path is longer than 4000 bytes")
    why = _protected(folder)
    if why:
        raise FolderError(f"{shown} {why}; give a folder of its own, e.g. reports/NAME")
    for other in protect:
        _refuse_overlap(folder, Path(other), shown)
    if folder.is_symlink() and not folder.exists():
        raise FolderError(f"{shown} is a broken symbolic link")
    if folder.exists() and not folder.is_dir():
        raise FolderError(f"{shown} exists and is not a folder")
    if folder.is_dir():
        try:
            entries = os.listdir(folder)
        except OSError as exc:
            raise FolderError(f"{shown}: cannot list it ({exc.strerror})") from None
        if entries and not is_simcli_folder(folder):
            raise FolderError(f"{shown} holds files simcli did not write (no simcli {RUN_FILE}); "
                              "give a new or empty folder")
        for sub in (PLOTS, PARTS):
            if (folder / sub).is_symlink() or ((folder / sub).exists()
                                               and not (folder / sub).is_dir()):
                raise FolderError(f"{shown}: {sub} is a symbolic link or not a folder; "
                                  "simcli writes only into real folders of its own")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise FolderError(f"{shown}: no permission to write there")
    else:
        parent = folder.absolute().parent
        while not parent.exists() and parent != parent.parent:
            parent = parent.parent
        if not parent.is_dir():
            raise FolderError(f"{shown}: {str(parent)!r} is not a folder")
        if not os.access(parent, os.W_OK | os.X_OK):
            raise FolderError(f"{shown}: no permission to create it in {str(parent)!r}")
    if resume and folder.is_dir() and not (folder / RUN_FILE).is_file() and os.listdir(folder):
        raise FolderError(f"{shown}: nothing to resume (no {RUN_FILE})")
    return folder


def _refuse_overlap(folder: Path, other: Path, shown: str) -> None:
    other_dir = other if other.is_dir() or not other.suffix else other.parent
    try:
        a, b = folder.resolve(), other_dir.resolve()
    except (OSError, RuntimeError):
        return
    if a == b or a in b.parents:
        raise FolderError(f"{shown} would overwrite the baseline {str(other)!r}; "
                          "give another --out")


def clear(folder: Path) -> None:
    """Delete the previous run's files: only those the marker lists, simcli's part files
    and simcli's temporary files; folders only when they end up empty."""
    files = owned_files(folder) or []
    for name in files:
        path = folder / name
        if path.parent.is_symlink():
            continue
        if path.is_symlink() or path.is_file():
            path.unlink(missing_ok=True)
    for sub, pattern in ((folder, TMP_RE), (folder / PLOTS, TMP_RE), (folder / PARTS, PART_RE),
                         (folder / PARTS, TMP_RE)):
        if not sub.is_dir() or sub.is_symlink():
            continue
        for name in os.listdir(sub):
            path = sub / name
            if pattern.match(name) and (path.is_file() or path.is_symlink()):
                path.unlink(missing_ok=True)
    for sub in (PARTS, PLOTS):
        path = folder / sub
        if path.is_dir() and not path.is_symlink() and not os.listdir(path):
            path.rmdir()
    _reset_marker(folder)


def _reset_marker(folder: Path) -> None:
    """After clearing: the marker lists only the standard names again."""
    from simcli import fsio

    path = folder / RUN_FILE
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return
    if isinstance(meta, dict):
        fsio.atomic_write_text(path, json.dumps(marker(meta), indent=2, default=str) + "\n")


def marker(meta: dict[str, Any], files: list[str] | None = None) -> dict[str, Any]:
    """``meta`` stamped with simcli's signature and the files it wrote."""
    listed = sorted(set(STANDARD) | set(files or []))
    return {**meta, "owner": SIGNATURE, "files": listed}


def note(folder: Path, names: list[str]) -> None:
    """Add ``names`` (relative paths) to the files the folder's marker lists."""
    from simcli import fsio

    path = folder / RUN_FILE
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return
    if not isinstance(meta, dict):
        return
    old = owned_files(folder) or []
    new = marker(meta, [*old, *names])
    if new != meta:
        fsio.atomic_write_text(path, json.dumps(new, indent=2, default=str) + "\n")
