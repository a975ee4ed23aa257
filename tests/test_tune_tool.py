"""tools/tune_strategies.py: measuring a candidate spec, and the refusals (exit 2)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools" / "tune_strategies.py"


def _run(*args):
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_measure_a_candidate_spec_against_todays_defaults():
    same = _run("measure", "vghs", "--field-rev", "current", "--strategy", "arcade",
                "--games", "8", "--seed", "201")
    assert same.returncode == 0, same.stderr
    row = [line for line in same.stdout.splitlines() if line.startswith("arcade |")]
    assert row and row[0].endswith("+0.000 [+0.000, +0.000]")   # today against itself
    other = _run("measure", "vghs", "--field-rev", "current", "--strategy",
                 "arcade:w_first=3.0", "--games", "30", "--seed", "200")
    assert other.returncode == 0, other.stderr
    row = [line for line in other.stdout.splitlines() if line.startswith("arcade:w_first=3.0 |")]
    assert row and not row[0].endswith("+0.000 [+0.000, +0.000]")   # it plays differently


def test_refusals_are_one_line_with_exit_2():
    bad = _run("measure", "vghs", "--field-rev", "current", "--strategy", "nosuch",
               "--games", "2")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.strip().count("\n") == 0 and "unknown strategy 'nosuch'" in bad.stderr
    only = _run("tune", "vghs", "arcade", "--only", "w_nope", "--trials", "1", "--games", "2")
    assert only.returncode == 2 and "Traceback" not in only.stderr
    assert "'w_nope' is not a tuned weight of arcade" in only.stderr
