"""The toy dice race with a designer's bugs, for fault-injection tests of the runner.

Rules data ``fault`` picks the bug and ``fault_rate`` the share of games (drawn from the
game's own RNG at setup, so the same seeds are faulty whatever ``--jobs``) that have it:

setup, apply, result   raise in that method
none_score             a Result whose first score is None
short_scores           a Result with one score too few
metric_type            the metric ``longest`` becomes a string
spin                   ``decision`` loops without ever deciding (ticks the step counter)
sysexit                ``sys.exit(3)`` in ``apply``
exit, kill             ``os._exit(1)`` / SIGKILL of the worker process (workers only: in
                       the main process these behave like ``apply``)
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import sys

from toygame import ToyGame

from simcli.engine import MAX_AUTO_STEPS, Result, step_cap_error

FAULTS = ("none", "setup", "apply", "result", "none_score", "short_scores", "metric_type",
          "spin", "sysexit", "exit", "kill")


def _in_worker() -> bool:
    return multiprocessing.current_process().name != "MainProcess"


class FaultGame(ToyGame):
    name = "fault"
    title = "Toy dice race with bugs"

    def default_data(self):
        return {**super().default_data(), "fault": "none", "fault_rate": 0.0}

    def compile_rules(self, data, n_players):
        rules = super().compile_rules(data, n_players)
        if rules["fault"] not in FAULTS:
            from simcli.engine import RulesError

            raise RulesError("fault", f"one of {', '.join(FAULTS)}")
        return rules

    def setup(self, n_players, rules, rng):
        faulty = rng.random() < rules["fault_rate"]
        fault = rules["fault"] if faulty else "none"
        if fault == "setup":
            raise RuntimeError("setup bug")
        st = super().setup(n_players, rules, rng)
        st.fault = fault
        return st

    def decision(self, st):
        if st.fault == "spin" and st.turn >= 2:
            steps = 0
            while True:  # an automatic loop that never asks anyone anything
                steps += 1
                if steps > MAX_AUTO_STEPS:
                    raise step_cap_error(steps)
        return super().decision(st)

    def apply(self, st, action):
        if st.turn == 3:
            if st.fault == "apply":
                raise ValueError("apply bug")
            if st.fault == "sysexit":
                sys.exit(3)
            if st.fault == "exit":
                if _in_worker():
                    os._exit(1)
                raise ValueError("exit bug (main process)")
            if st.fault == "kill":
                if _in_worker():
                    os.kill(os.getpid(), signal.SIGKILL)
                raise ValueError("kill bug (main process)")
        super().apply(st, action)

    def result(self, st):
        if st.fault == "result":
            raise KeyError("result bug")
        res = super().result(st)
        if st.fault == "none_score":
            return Result(scores=(None, *res.scores[1:]), places=res.places,
                          win_shares=res.win_shares, turns=res.turns,
                          end_reason=res.end_reason, metrics=res.metrics,
                          seat_metrics=res.seat_metrics)
        if st.fault == "short_scores":
            res.scores = res.scores[:-1]
        if st.fault == "metric_type":
            res.metrics = {**res.metrics, "longest": "long"}
        return res


GAME = FaultGame()
