"""The order-statistics interval of the median, as stress computes it (stress.report.MedianInterval), for the bench
reports that pair their own rounds: with n values sorted, [x(k), x(n-k+1)] holds the true median with probability
1 - 2 P(Binomial(n, 1/2) <= k-1); the narrowest interval with at least 95% is chosen, else (fewer than 6 values)
the whole range with its coverage."""
import math
import statistics

WANTED = 0.95


def coverage(n, k):
    """1 - 2 P(Binomial(n, 1/2) <= k-1): the probability that [x(k), x(n-k+1)] of n values holds their median."""
    return 1 - 2 * sum(math.comb(n, i) for i in range(k)) / 2 ** n


def median_interval(values):
    """(median, low, high, coverage) of at least one value; the coverage is 0 for a single value."""
    s = sorted(values)
    n = len(s)
    k = 1
    while k + 1 <= n // 2 and coverage(n, k + 1) >= WANTED:
        k += 1
    return statistics.median(s), s[k - 1], s[n - k], coverage(n, k) if n > 1 else 0
