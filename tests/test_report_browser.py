"""report.html in a real browser (headless Chromium): no horizontal overflow at 1280 px and
the findings come first, for a single run, a sweep and a solo run.

.ci/run installs Chromium from the distribution's packages when it is missing, so this
test runs in CI: there (CI set) it fails, never skips, without a browser; on a
developer's machine without Chromium it skips with the command that installs it.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from look_helpers import plain_mix

from simcli.execute import execute, plan_run
from simcli.sweep import plan_sweep

ROOT = Path(__file__).resolve().parents[1]
PROBE = """<script>
window.addEventListener('load', function () {
  var d = document.documentElement;
  var ids = Array.prototype.map.call(document.querySelectorAll('section[data-section]'),
                                     function (s) { return s.id; });
  var wide = [];
  document.querySelectorAll('body *').forEach(function (el) {
    if (el.closest('.scroll')) return;
    var r = el.getBoundingClientRect();
    if (r.right > d.clientWidth + 1 && wide.length < 5) wide.push(el.tagName + '.' +
                                                                   el.className);
  });
  // tables that need their own scroll bar at this width (their header text)
  var scrolled = [];
  document.querySelectorAll('.scroll').forEach(function (el) {
    var head = el.querySelector('thead');
    if (el.scrollWidth > el.clientWidth + 1) scrolled.push(head ? head.textContent : '');
  });
  var out = document.createElement('pre');
  out.id = 'probe';
  out.textContent = JSON.stringify({scrollWidth: d.scrollWidth, clientWidth: d.clientWidth,
                                    sections: ids, wide: wide, scrolled: scrolled,
                                    first: document.querySelector('section').id,
                                    findings: document.querySelectorAll(
                                        'ol.findings li').length});
  document.body.appendChild(out);
});
</script>"""


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    msg = "no Chromium: install it (apt-get install chromium), as .ci/run does"
    if os.environ.get("CI"):
        pytest.fail(msg)
    pytest.skip(msg)


def browse(report: Path, tmp_path: Path) -> dict:
    page = tmp_path / f"probe-{report.parent.name}.html"
    page.write_text(report.read_text().replace("</body>", PROBE + "</body>"))
    profile = tmp_path / "profile"
    cmd = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={profile}", "--window-size=1280,900",
           "--virtual-time-budget=1000", "--dump-dom", page.as_uri()]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    found = re.search(r'<pre id="probe">(.*?)</pre>', done.stdout, re.S)
    assert found, f"no probe in the DOM: {done.stderr[-2000:]}"
    return json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("reports")
    out = {}
    # the page's layout, not the bots' strength, is under test: plain bots throughout
    # (20x cheaper games)
    plan = plan_run("vghs", players=4, games=60, seed=3, out=base / "run",
                    strategies=plain_mix("vghs"))
    execute(plan, jobs=1, quiet=True)
    out["run"] = plan.folder
    plan = plan_sweep(ROOT / "scenarios" / "lovebattle-payouts.toml", games=30, seed=3,
                      out=base / "sweep", strategies=plain_mix("lovebattle"))
    execute(plan, jobs=1, quiet=True)
    out["sweep"] = plan.folder
    plan = plan_run("class89", players=1, games=40, seed=3, out=base / "solo",
                    strategies=plain_mix("class89"))
    execute(plan, jobs=1, quiet=True)
    out["solo"] = plan.folder
    return out


@pytest.mark.parametrize("kind", ["run", "sweep", "solo"])
def test_report_fits_1280_px_and_opens_with_the_findings(kind, reports, tmp_path):
    probe = browse(reports[kind] / "report.html", tmp_path)
    assert probe["scrollWidth"] <= 1280, probe
    assert probe["wide"] == [], probe
    assert probe["first"] == "findings" and probe["sections"][0] == "findings", probe
    assert probe["findings"] >= 3, probe
    if kind == "sweep":
        assert probe["sections"][1] == "verdict", probe
    if kind == "solo":
        assert "seats" not in probe["sections"] and "solo" in probe["sections"], probe
    else:
        assert "seats" in probe["sections"], probe
    if kind == "run":
        # the seat tables fit without a scroll bar of their own: long column names break
        # after an underscore (the fairness table shows ten columns)
        assert not [h for h in probe["scrolled"] if "first_player_advantage" in h
                    or "win_share" in h], probe
