# Reference values for analytics/fit tests, computed with Debian's
# python3-scipy 1.10.1:  /usr/bin/python3 testdata/scipy_refs.py
# The Go tests regenerate the same inputs with the same Park–Miller
# generator (parkMiller in helpers_test.go).
import numpy as np
from scipy import stats

def park_miller(seed, n):
    s = seed
    out = []
    for _ in range(n):
        s = (s * 48271) % 2147483647
        out.append(s / 2147483647.0)
    return np.array(out)

print("# kstwo.sf(d, n)")
for n, d in [(5, 0.15), (3, 0.7), (10, 0.2), (10, 0.3), (10, 0.7), (100, 0.25),
             (100, 0.08), (140, 0.1), (141, 0.1), (500, 0.05), (500, 0.02),
             (1000, 0.01), (1000, 0.06), (10000, 0.01), (10000, 0.02),
             (200000, 0.003), (200000, 0.005), (2000000, 0.001),
             (2000000, 0.0012), (1000, 0.6), (20, 0.05)]:
    print("{%d, %r, %r}," % (n, d, stats.kstwo.sf(d, n)))

print("# kstest(x, expon(scale=2).cdf) with x = -2.2*log(1-u)")
for seed, n in [(1, 20), (7, 100), (11, 1000), (13, 5000), (17, 20000)]:
    u = park_miller(seed, n)
    x = -2.2 * np.log1p(-u)
    r = stats.kstest(x, stats.expon(scale=2.0).cdf)
    print("{%d, %d, %r, %r}," % (seed, n, r.statistic, r.pvalue))

print("# kstest(x, gamma(3, scale=1.5).cdf) with x = sum of 3 exponentials (scale 1.5)")
for seed, n in [(3, 50), (5, 700)]:
    u = park_miller(seed, 3 * n).reshape(n, 3)
    x = -1.5 * np.log1p(-u).sum(axis=1)
    r = stats.kstest(x, stats.gamma(3, scale=1.5).cdf)
    print("{%d, %d, %r, %r}," % (seed, n, r.statistic, r.pvalue))

print("# gamma.fit(x, floc=0) with x = 0.05 + (-log(1-u1) - log(1-u2)) * (0.5 + u3)")
for seed, n in [(2, 30), (19, 1000), (23, 50000)]:
    u = park_miller(seed, 3 * n).reshape(n, 3)
    x = 0.05 + (-np.log1p(-u[:, 0]) - np.log1p(-u[:, 1])) * (0.5 + u[:, 2])
    a, loc, scale = stats.gamma.fit(x, floc=0)
    ll = stats.gamma(a, scale=scale).logpdf(x).sum()
    print("{%d, %d, %r, %r, %r}," % (seed, n, a, scale, ll))

print("# ks_2samp(a, b, method='asymp') with a = u1^2, b = u2^1.8 (Park–Miller)")
for sa, na, sb, nb in [(29, 300, 31, 500), (37, 12000, 41, 15000)]:
    a = park_miller(sa, na) ** 2
    b = park_miller(sb, nb) ** 1.8
    r = stats.ks_2samp(a, b, method='asymp')
    print("{%d, %d, %d, %d, %r, %r}," % (sa, na, sb, nb, r.statistic, r.pvalue))

print("# chisquare: equal-probability bins of expon(scale=2) for x = -2.2*log(1-u), seed 11, n=1000, k=10")
u = park_miller(11, 1000)
x = -2.2 * np.log1p(-u)
F = stats.expon(scale=2.0).cdf(x)
obs = np.bincount(np.minimum((10 * F).astype(int), 9), minlength=10)
r = stats.chisquare(obs, ddof=1)
print("chi", r.statistic, r.pvalue)

print("# gamma.fit(g, floc=0) of each group of a = 1 + u (seed 43, n 300) and b = 100 + 100u (seed 47, n 200):")
print("# the components of a hyper-Gamma fitted to the union (groups far apart)")
for seed, n, lo, width in [(43, 300, 1, 1), (47, 200, 100, 100)]:
    g = lo + width * park_miller(seed, n)
    a, loc, scale = stats.gamma.fit(g, floc=0)
    print("{%r, %r, %r}," % (a, scale, stats.gamma(a, scale=scale).logpdf(g).sum()))
