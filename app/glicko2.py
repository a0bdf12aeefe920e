"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): one rating period's update.

Pure arithmetic, no database. Ratings are on the Glicko scale (1500, RD 350 for a newcomer);
the steps below are numbered as in Glickman's paper. The PyPI package `glicko2` (2.1.0) was
not used: its volatility step uses the rating where the paper has the deviation, and it
does not reproduce the paper's worked example (it gives 1441.5 / 193.2 for 1464.06 / 151.52).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # the Glicko-2 scale factor (step 2)
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5  # the system constant: how fast volatility may change (Glickman suggests 0.3–1.2)
EPSILON = 0.000001  # convergence tolerance of step 5
MAX_RD = DEFAULT_RD


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY


@dataclass(frozen=True)
class Result:
    """One game against one opponent in the rating period: score 1 = win, 0 = loss, 0.5 = draw."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance the player beats the opponent, as the system sees it."""
    return _e((player.rating - DEFAULT_RATING) / SCALE, (opponent.rating - DEFAULT_RATING) / SCALE,
              opponent.rd / SCALE)


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: list[Result], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with these results (none: only the RD grows)."""
    mu = (player.rating - DEFAULT_RATING) / SCALE  # step 2
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:  # step 6 alone: uncertainty grows with time away
        return Rating(player.rating, min(MAX_RD, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    opponents = [((r.opponent.rating - DEFAULT_RATING) / SCALE, r.opponent.rd / SCALE, r.score) for r in results]
    # Step 3: the estimated variance of the rating from the game outcomes alone.
    v = 1.0 / sum(_g(phi_j) ** 2 * _e(mu, mu_j, phi_j) * (1.0 - _e(mu, mu_j, phi_j))
                  for mu_j, phi_j, _ in opponents)
    # Step 4: the estimated improvement.
    outcome = sum(_g(phi_j) * (s - _e(mu, mu_j, phi_j)) for mu_j, phi_j, s in opponents)
    delta = v * outcome
    sigma_new = _new_volatility(phi, sigma, delta, v, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)  # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    mu_new = mu + phi_new * phi_new * outcome
    return Rating(SCALE * mu_new + DEFAULT_RATING, min(MAX_RD, SCALE * phi_new), sigma_new)  # step 8
