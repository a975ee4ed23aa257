"""Sequential probability ratio tests for the CI gate (no I/O; the gate and its simulation
share this code).

Each hypothesis is a one-sided test of the mean of a per-game observation ``x`` (a paired
difference of win shares, or a win share against a bound): H0 ``mean = theta0`` (pass)
against H1 ``mean = theta1`` (fail). The log-likelihood ratio is the normal approximation
of the generalised SPRT that fishtest uses for paired game outcomes,

    LLR = n (theta1 - theta0) (2 mean - theta0 - theta1) / (2 s^2),

with ``s^2`` the sample variance of ``x`` so far. Wald's bounds: H1 is accepted when
``LLR >= log((1 - beta) / alpha)``, H0 when ``LLR <= log(beta / (1 - alpha))``; with
alpha = beta = 0.05 these are the +-2.94 of fishtest.

A sample with (near) zero variance — an identical rerun, where every paired difference is
0 — is read as if one game in ``n`` had differed by a whole win (variance floor ``1/n``):
an identical rerun then passes only after about ``2.5 / tolerance`` games, close to the
rule of three (no changed game in ``3 / tolerance`` games bounds the changed share, and
with it the move, below the tolerance at 95%).

A family of tests (every seat and strategy, both directions) is corrected with Holm's
step-down in its sequential form (Bartroff & Lai 2010, "Multistage tests of multiple
hypotheses"): the j-th rejection (j = 0, 1, ...) of a family of m tests uses level
``alpha / (m - j)``, which keeps the familywise false-fail rate at most ``alpha``.
Each test stops at its first crossing; the gate stops when any test fails or all pass.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

VAR_FLOOR = 1e-6  # identical reruns give zero variance; keep the LLR finite
CORRECTION = "Holm step-down (sequential form, Bartroff & Lai 2010)"


def llr(mean: np.ndarray | float, var: np.ndarray | float, n: np.ndarray | float,
        theta0: np.ndarray | float, theta1: np.ndarray | float) -> np.ndarray | float:
    """Normal-approximation log-likelihood ratio of H1 (``theta1``) against H0."""
    var = np.maximum(var, VAR_FLOOR)
    return n * (theta1 - theta0) * (2 * mean - theta0 - theta1) / (2 * var)


def upper_bound(alpha: float, beta: float) -> float:
    return math.log((1 - beta) / alpha)


def lower_bound(alpha: float, beta: float) -> float:
    return math.log(beta / (1 - alpha))


@dataclass
class OneSided:
    subject: str
    direction: str
    theta0: float
    theta1: float
    verdict: str = "undecided"      # "pass" (H0), "fail" (H1) or "undecided"
    games: int = 0                  # games seen at the decision (or at the last look)
    llr: float = 0.0
    mean: float = float("nan")
    sd: float = float("nan")
    level: float = float("nan")     # the Holm level at which it failed
    bound: tuple[float, float] | None = None  # a [check] bound this test is one side of


@dataclass
class Family:
    """m one-sided SPRTs with Holm step-down rejection levels."""

    tests: list[OneSided]
    alpha: float = 0.05
    beta: float = 0.05
    looks: int = 0
    history: list[tuple[int, int, int]] = field(default_factory=list)  # (games, fail, pass)

    @property
    def m(self) -> int:
        return len(self.tests)

    def accept_bound(self) -> float:
        return lower_bound(self.alpha / self.m, self.beta)

    def reject_bound(self, rejected: int) -> float:
        return upper_bound(self.alpha / (self.m - rejected), self.beta)

    def look(self, n: np.ndarray, mean: np.ndarray, var: np.ndarray) -> None:
        """Update every undecided test with its statistics over the games so far."""
        self.looks += 1
        active = [i for i, t in enumerate(self.tests) if t.verdict == "undecided"]
        th0 = np.array([self.tests[i].theta0 for i in active])
        th1 = np.array([self.tests[i].theta1 for i in active])
        floor = 1.0 / np.maximum(n[active], 1.0) if active else []
        values = llr(mean[active], np.maximum(var[active], floor), n[active], th0, th1) \
            if active else []
        for i, v in zip(active, values, strict=True):
            t = self.tests[i]
            t.llr, t.games = float(v), int(n[i])
            t.mean, t.sd = float(mean[i]), float(math.sqrt(max(var[i], 0.0)))
        rejected = sum(t.verdict == "fail" for t in self.tests)
        for i in sorted(active, key=lambda i: -self.tests[i].llr):
            t = self.tests[i]
            if n[i] < 2 or t.llr < self.reject_bound(rejected):
                break
            t.verdict, t.level = "fail", self.alpha / (self.m - rejected)
            rejected += 1
        low = self.accept_bound()
        for i in active:
            t = self.tests[i]
            if t.verdict == "undecided" and n[i] >= 2 and t.llr <= low:
                t.verdict = "pass"
        self.history.append((int(max(n)) if len(n) else 0, rejected,
                             sum(t.verdict == "pass" for t in self.tests)))

    @property
    def failed(self) -> bool:
        return any(t.verdict == "fail" for t in self.tests)

    @property
    def passed(self) -> bool:
        return all(t.verdict == "pass" for t in self.tests)

    @property
    def decided(self) -> bool:
        return self.failed or self.passed

    def games_to_settle(self, t: OneSided) -> int | None:
        """Games more that the test's current drift needs to reach its nearer bound."""
        if t.verdict != "undecided" or t.games < 2:
            return None
        drift = t.llr / t.games
        if drift > 0:
            target = self.reject_bound(sum(x.verdict == "fail" for x in self.tests))
        elif drift < 0:
            target = self.accept_bound()
        else:
            return None
        return max(0, int(math.ceil(target / drift)) - t.games)


def moments(x: np.ndarray, stops: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Count, mean and sample variance of the columns of ``x`` (games x tests; NaN =
    missing) over the first ``stop`` games, for every stop: arrays (looks x tests)."""
    ok = ~np.isnan(x)
    v = np.where(ok, x, 0.0)
    c1 = np.cumsum(ok, axis=0)[stops - 1]
    s1 = np.cumsum(v, axis=0)[stops - 1]
    s2 = np.cumsum(v * v, axis=0)[stops - 1]
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(c1 > 0, s1 / np.maximum(c1, 1), 0.0)
        var = np.where(c1 > 1, (s2 - c1 * mean * mean) / np.maximum(c1 - 1, 1), 0.0)
    return c1, mean, np.maximum(var, 0.0)
