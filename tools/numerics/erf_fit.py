#!/usr/bin/env python3
"""Fits the rational erf of the engine's GELU (RowMath.ERF_*) and checks it in float32.

erf(z) ~ z P(z^2) / Q(z^2) for |z| <= C, +-1 beyond (erf(C) rounds to 1 in float32), P of degree 5
and Q of degree 5 with Q(0) = 1. The fit is Lawson's iteration on the linearised error
z P(u) - erf(z) Q(u) (weighted least squares, the weights moved towards the points of largest
error), keeping the best coefficients seen; then the coefficients are rounded to float32 and the
function is evaluated in float32 as RowMath's implementations do (Horner's rule, a multiply and
an add at each step, one division), against scipy's erf in double precision.

    python3 tools/numerics/erf_fit.py          # needs numpy and scipy (Debian: python3-scipy)
"""
import numpy as np
from scipy.special import erf

DP, DQ, C = 5, 5, 3.92


def fit():
    z = np.unique(np.concatenate([np.linspace(0, C, 20000), C * np.sin(np.linspace(0, np.pi / 2, 20000))]))
    u = z * z
    f = erf(z)
    a = np.hstack([np.stack([z * u ** k for k in range(DP + 1)], 1),
                   np.stack([-f * u ** k for k in range(1, DQ + 1)], 1)])
    w = np.ones_like(z)
    q_values = np.ones_like(z)
    best = None
    for _ in range(400):
        scaled = w / q_values
        sol, *_ = np.linalg.lstsq(a * scaled[:, None], f * scaled, rcond=None)
        p = sol[:DP + 1]
        q = np.concatenate([[1.0], sol[DP + 1:]])
        p_values = sum(p[k] * u ** k for k in range(DP + 1))
        q_values = sum(q[k] * u ** k for k in range(DQ + 1))
        e = z * p_values / q_values - f
        if best is None or np.abs(e).max() < best[0]:
            best = (np.abs(e).max(), p.copy(), q.copy())
        w = 0.5 * w * np.abs(e) / np.abs(e).mean() + 0.5 * w
        w /= w.mean()
    return best


def in_float32(p, q):
    z = np.linspace(0, 6, 2_000_001).astype(np.float32)
    zc = np.minimum(z, np.float32(C))
    u = zc * zc
    pv = np.full_like(u, np.float32(p[DP]))
    for k in range(DP - 1, -1, -1):
        pv = pv * u + np.float32(p[k])
    qv = np.full_like(u, np.float32(q[DQ]))
    for k in range(DQ - 1, -1, -1):
        qv = qv * u + np.float32(q[k])
    err = np.abs((zc * pv / qv).astype(np.float64) - erf(z.astype(np.float64)))
    return err.max(), z[err.argmax()]


if __name__ == "__main__":
    largest, p, q = fit()
    worst, at = in_float32(p, q)
    print(f"largest error of the fit in double: {largest:.2e}; evaluated in float32: {worst:.2e} at z = {at:.4f}")
    for k, c in enumerate(p):
        print(f"float ERF_P{k} = {c:.9e}f;")
    for k, c in enumerate(q[1:], start=1):
        print(f"float ERF_Q{k} = {c:.9e}f;")
