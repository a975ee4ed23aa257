"""report.html's figure captions describe what the figure draws: the strategy plot of a
solo run (class89 against Ed) has no fair-share line, so its caption does not mention one,
and its score plot marks which seat is the automaton's."""
from __future__ import annotations

import html
import re

import pytest
from look_helpers import plain_mix

from simcli.execute import execute, plan_run

FAIR_LINE = "the dashed line is the fair share"


def captions(folder) -> dict[str, str]:
    """figure file name -> its caption, from the page."""
    page = (folder / "report.html").read_text()
    found = re.findall(r'<img alt="([^"]+)"[^>]*>\s*<figcaption>(.*?)</figcaption>', page,
                       re.S)
    return {name: html.unescape(c) for name, c in found}


@pytest.mark.parametrize(("game", "players"), [("class89", 1), ("vghs", 4)])
def test_the_strategy_plot_caption_names_a_fair_share_line_only_where_one_is_drawn(
        game, players, tmp_path):
    plan = plan_run(game, players=players, games=8, seed=5, out=tmp_path / game,
                    strategies=plain_mix(game))
    execute(plan, jobs=1, quiet=True)
    caps = captions(plan.folder)
    strategy = [c for name, c in caps.items() if name.startswith("strategy_win_share")]
    assert len(strategy) == 1, caps
    if players == 1:
        assert FAIR_LINE not in strategy[0], strategy
        assert "automaton's row" in strategy[0], strategy
        assert not [c for c in caps.values() if FAIR_LINE in c], caps
        assert "automaton's" in caps["score_distribution.png"], caps
    else:
        assert FAIR_LINE in strategy[0], strategy
        assert "automaton" not in caps["score_distribution.png"], caps


def test_the_score_plot_marks_the_automatons_seat_only_in_a_solo_run(tmp_path, monkeypatch):
    """The score plot's seat ticks: seat 2 of a 1-player class89 run is Ed's, so it says
    automaton; a 4-player run's ticks are the seat numbers."""
    import polars as pl
    from matplotlib.axes import Axes

    from simcli import plots

    ticks: list = []
    real = Axes.set_xticks

    def spy(ax, positions, labels=None, **kw):
        ticks.append(list(labels) if labels is not None else None)
        return real(ax, positions, labels, **kw)

    monkeypatch.setattr(Axes, "set_xticks", spy)
    row = {"variant": "default", "min": 1.0, "q25": 2.0, "median": 3.0, "q75": 4.0,
           "max": 5.0}
    for n, seats, want in ((1, [1, 2], ["1", "2\n(automaton)"]),
                           (4, [1, 2, 3, 4], ["1", "2", "3", "4"])):
        ticks.clear()
        frame = pl.DataFrame([{**row, "n_players": n, "seat": s} for s in seats])
        plots.score_distribution(frame, tmp_path / f"s{n}.png", "t")
        assert ticks == [want]
