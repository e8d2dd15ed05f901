/* sp_stats.c -- Elo, normalised Elo, LOS and the generalised SPRT of a batch of games.
 *
 * The method is fishtest's (its stats/LLRcalc.py and stat_util.py), reproduced from the
 * published formulas so that the same counts give the same figures:
 *  - counts of 0 are replaced by 1e-3 (a small prior) before anything is computed;
 *  - the empirical distribution puts mass c[i]/N on the score i/(n-1) (per game for
 *    trinomial counts, per pair divided by two for pentanomial ones);
 *  - Elo is the logistic Elo of the mean score, its 95% interval the image of the normal
 *    interval of the mean, LOS the normal probability that the mean exceeds 1/2;
 *  - the score's own interval is Wilson's over the games (draws as half points): sound
 *    near 0 and 1, where the prior leaves the normal interval too narrow;
 *  - normalised Elo is the t-value (mean - 1/2) / sd scaled by 800 / ln 10 (per game:
 *    a pair's sd is divided by sqrt 2), its interval from the t-value's delta method;
 *  - the LLR is N times the mean log ratio of the two maximum-likelihood distributions
 *    whose expectation (logistic model) or t-value (normalised model) is the one each
 *    hypothesis names; each comes from one root of a monotone "secular" equation.
 * docs/statistics.md states them in full. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sp_stats.h"

/* 800 / ln 10: normalised Elo per unit of t-value. */
#define SP_NELO_PER_T (800.0 / 2.302585092994045684)

typedef struct pdf {
    double a[5], p[5];
    int n;
} pdf;

double sp_phi(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }

/* Acklam's rational approximation, then one Halley step on erfc: full double precision,
 * which fishtest gets from scipy. */
double sp_phi_inv(double p)
{
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                               1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                               6.680131188771972e+01, -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                               -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    if (p <= 0) return -INFINITY;
    if (p >= 1) return INFINITY;
    double x;
    if (p < 0.02425) {
        double q = sqrt(-2 * log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p > 1 - 0.02425) {
        double q = sqrt(-2 * log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else {
        double q = p - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
    double e = sp_phi(x) - p;
    double u = e * sqrt(2 * M_PI) * exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

void sp_wilson(double p, double n, double z, double *lo, double *hi)
{
    double z2 = z * z, den = 1 + z2 / n, mid = (p + z2 / (2 * n)) / den;
    double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den;
    *lo = mid - half < 0 ? 0 : mid - half;
    *hi = mid + half > 1 ? 1 : mid + half;
}

double sp_score_of_elo(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

/* fishtest clamps the score to [0.001, 0.999] so that a clean sweep has a finite Elo. */
double sp_elo_of_score(double s)
{
    if (s < 1e-3) s = 1e-3;
    if (s > 1 - 1e-3) s = 1 - 1e-3;
    return -400.0 * log10(1.0 / s - 1.0);
}

/* Counts with the 1e-3 prior in place of zeros, and their total. */
static double regularize(const sp_counts *k, double *r)
{
    double n = 0;
    for (int i = 0; i < k->n; i++) {
        r[i] = k->c[i] == 0 ? 1e-3 : k->c[i];
        n += r[i];
    }
    return n;
}

/* The empirical distribution of K: mass on the scores 0, 1/(n-1), ..., 1. */
static double to_pdf(const sp_counts *k, pdf *d)
{
    double r[5];
    double n = regularize(k, r);
    d->n = k->n;
    for (int i = 0; i < k->n; i++) {
        d->a[i] = (double)i / (k->n - 1);
        d->p[i] = r[i] / n;
    }
    return n;
}

static void moments(const pdf *d, double *mean, double *var, double *skew, double *exkurt)
{
    double s = 0, v = 0, m3 = 0, m4 = 0;
    for (int i = 0; i < d->n; i++) s += d->p[i] * d->a[i];
    for (int i = 0; i < d->n; i++) {
        double e = d->a[i] - s;
        v += d->p[i] * e * e;
        m3 += d->p[i] * e * e * e;
        m4 += d->p[i] * e * e * e * e;
    }
    *mean = s;
    *var = v;
    if (skew) *skew = m3 / pow(v, 1.5);
    if (exkurt) *exkurt = m4 / (v * v) - 3;
}

/* The root x of sum p_i a_i / (1 + x a_i) = 0, which exists and is unique when the a_i
 * straddle zero: the sum falls strictly on (-1/max a, -1/min a), so bisection to the
 * last bit finds it. */
static int secular(const double *a, const double *p, int n, double *x)
{
    double v = a[0], w = a[0];
    for (int i = 1; i < n; i++) {
        if (a[i] < v) v = a[i];
        if (a[i] > w) w = a[i];
    }
    if (v * w >= 0) return -1;
    double lo = -1 / w + 1e-9, hi = -1 / v - 1e-9;
    for (int it = 0; it < 200 && lo < hi; it++) {
        double mid = 0.5 * (lo + hi), f = 0;
        if (mid == lo || mid == hi) break;
        for (int i = 0; i < n; i++) f += p[i] * a[i] / (1 + mid * a[i]);
        if (f > 0) lo = mid;
        else hi = mid;
    }
    *x = 0.5 * (lo + hi);
    return 0;
}

/* The distribution closest to D (in likelihood) whose mean is S. */
static int mle_expected(const pdf *d, double s, pdf *out)
{
    double shifted[5], x;
    for (int i = 0; i < d->n; i++) shifted[i] = d->a[i] - s;
    if (secular(shifted, d->p, d->n, &x) != 0) return -1;
    *out = *d;
    for (int i = 0; i < d->n; i++) out->p[i] = d->p[i] / (1 + x * shifted[i]);
    return 0;
}

/* The distribution closest to D whose t-value (mean - REF) / sd is T: a fixed point,
 * iterated at most ten times from the uniform distribution, as fishtest does. */
static int mle_t_value(const pdf *d, double ref, double t, pdf *out)
{
    pdf cur = *d;
    for (int i = 0; i < d->n; i++) cur.p[i] = 1.0 / d->n;
    for (int it = 0; it < 10; it++) {
        double mu, var, shifted[5], x;
        moments(&cur, &mu, &var, NULL, NULL);
        double sigma = sqrt(var);
        for (int i = 0; i < d->n; i++) {
            double z = (mu - d->a[i]) / sigma;
            shifted[i] = d->a[i] - ref - t * sigma * (1 + z * z) / 2;
        }
        if (secular(shifted, d->p, d->n, &x) != 0) return -1;
        double change = 0;
        for (int i = 0; i < d->n; i++) {
            double np = d->p[i] / (1 + x * shifted[i]);
            if (fabs(np - cur.p[i]) > change) change = fabs(np - cur.p[i]);
            cur.p[i] = np;
        }
        if (change < 1e-9) break;
    }
    *out = cur;
    return 0;
}

int sp_summarise(const sp_counts *k, sp_summary *out)
{
    memset(out, 0, sizeof *out);
    double total = 0;
    for (int i = 0; i < k->n; i++) total += k->c[i];
    if (total <= 0 || (k->n != 3 && k->n != 5)) return -1;
    /* Elo, interval and LOS: fishtest's stat_util.get_elo. */
    double r[5];
    double n = regularize(k, r);
    double games = n * (k->n - 1) / 2.0, mu = 0;
    for (int i = 0; i < k->n; i++) mu += r[i] * (i / 2.0);
    mu /= games;
    double pair_mu = (k->n - 1) / 2.0 * mu, var = 0;
    for (int i = 0; i < k->n; i++) var += r[i] * (i / 2.0 - pair_mu) * (i / 2.0 - pair_mu);
    var /= games;
    double sd = sqrt(var), z = sp_phi_inv(0.975);
    double lo = mu + sp_phi_inv(0.025) * sd / sqrt(games), hi = mu + z * sd / sqrt(games);
    out->games = k->n == 5 ? 2 * total : total;
    double plain = 0;   /* the score as the counts say it, without the prior */
    for (int i = 0; i < k->n; i++) plain += k->c[i] * i / (double)(k->n - 1);
    out->score = plain / total;
    sp_wilson(out->score, out->games, z, &out->score_lo, &out->score_hi);
    out->elo = sp_elo_of_score(mu);
    out->elo95 = (sp_elo_of_score(hi) - sp_elo_of_score(lo)) / 2.0;
    out->los = sp_phi((mu - 0.5) / (sd / sqrt(games)));
    /* Normalised Elo: fishtest's t_conf, per pair scaled down by sqrt 2. */
    pdf d;
    double np = to_pdf(k, &d), avg, v, skew, exkurt;
    moments(&d, &avg, &v, &skew, &exkurt);
    double t = (avg - 0.5) / sqrt(v);
    double var_t = 1 - t * skew + 0.25 * t * t * (exkurt + 2);
    if (var_t < 0) var_t = 0;
    double coeff = k->n == 5 ? SP_NELO_PER_T / sqrt(2.0) : SP_NELO_PER_T;
    out->nelo = coeff * t;
    out->nelo95 = coeff * z * sqrt(var_t / np);
    return 0;
}

/* N times the mean log ratio of the hypotheses' maximum-likelihood distributions. */
static double llr_of(const pdf *d, const pdf *h0, const pdf *h1, double n)
{
    double s = 0;
    for (int i = 0; i < d->n; i++) s += d->p[i] * (log(h1->p[i]) - log(h0->p[i]));
    return n * s;
}

int sp_sprt_llr(const sp_counts *k, const sp_sprt *t, sp_sprt_result *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    double total = 0;
    for (int i = 0; i < k->n; i++) total += k->c[i];
    if (total <= 0 || (k->n != 3 && k->n != 5)) {
        snprintf(err, errlen, "no games to test");
        return -1;
    }
    if (!(t->alpha > 0 && t->alpha < 1 && t->beta > 0 && t->beta < 1) || t->elo0 >= t->elo1) {
        snprintf(err, errlen, "the SPRT needs elo0 < elo1 and alpha, beta in (0, 1)");
        return -1;
    }
    pdf d, h0, h1;
    double n = to_pdf(k, &d);
    int rc;
    if (t->model == SP_MODEL_LOGISTIC) {
        rc = mle_expected(&d, sp_score_of_elo(t->elo0), &h0) | mle_expected(&d, sp_score_of_elo(t->elo1), &h1);
    } else {
        double scale = k->n == 5 ? sqrt(2.0) : 1.0;
        rc = mle_t_value(&d, 0.5, t->elo0 / SP_NELO_PER_T * scale, &h0) |
             mle_t_value(&d, 0.5, t->elo1 / SP_NELO_PER_T * scale, &h1);
    }
    if (rc != 0) {
        snprintf(err, errlen, "the likelihood equations have no root for these counts");
        return -1;
    }
    out->llr = llr_of(&d, &h0, &h1, n);
    out->lower = log(t->beta / (1 - t->alpha));
    out->upper = log((1 - t->beta) / t->alpha);
    out->state = out->llr >= out->upper ? SP_SPRT_ACCEPT_H1 : out->llr <= out->lower ? SP_SPRT_ACCEPT_H0
                                                                                       : SP_SPRT_CONTINUE;
    return 0;
}

/* A number at *S (advanced past it); -1 when there is none. */
static int read_number(const char **s, double *v)
{
    char *end;
    *v = strtod(*s, &end);
    if (end == *s || !isfinite(*v)) return -1;
    *s = end;
    return 0;
}

int sp_sprt_parse(const char *text, sp_sprt *t, char *err, size_t errlen)
{
    *t = (sp_sprt){.alpha = 0.05, .beta = 0.05, .model = SP_MODEL_LOGISTIC, .elo0 = NAN, .elo1 = NAN};
    const char *s = text;
    while (*s) {
        while (*s == ' ' || *s == ',' || *s == '\t') s++;
        if (!*s) break;
        const char *eq = strchr(s, '=');
        if (!eq) return snprintf(err, errlen, "--sprt: '%s' is not KEY=VALUE", s), -1;
        size_t klen = (size_t)(eq - s);
        const char *v = eq + 1;
        double *field = NULL;
        if (klen == 4 && strncmp(s, "elo0", 4) == 0) field = &t->elo0;
        else if (klen == 4 && strncmp(s, "elo1", 4) == 0) field = &t->elo1;
        else if (klen == 5 && strncmp(s, "alpha", 5) == 0) field = &t->alpha;
        else if (klen == 4 && strncmp(s, "beta", 4) == 0) field = &t->beta;
        if (field) {
            if (read_number(&v, field) != 0) return snprintf(err, errlen, "--sprt: %.*s needs a number", (int)klen, s), -1;
        } else if (klen == 5 && strncmp(s, "model", 5) == 0) {
            size_t vlen = strcspn(v, " ,\t");
            if (vlen == 10 && strncmp(v, "normalized", 10) == 0) t->model = SP_MODEL_NORMALIZED;
            else if (vlen == 8 && strncmp(v, "logistic", 8) == 0) t->model = SP_MODEL_LOGISTIC;
            else return snprintf(err, errlen, "--sprt: model is normalized or logistic, not '%.*s'", (int)vlen, v), -1;
            v += vlen;
        } else {
            return snprintf(err, errlen, "--sprt: unknown key '%.*s' (elo0, elo1, alpha, beta, model)", (int)klen, s), -1;
        }
        if (*v && *v != ' ' && *v != ',' && *v != '\t')
            return snprintf(err, errlen, "--sprt: unexpected '%s'", v), -1;
        s = v;
    }
    if (isnan(t->elo0) || isnan(t->elo1)) return snprintf(err, errlen, "--sprt needs elo0=A and elo1=B"), -1;
    if (t->elo0 >= t->elo1) return snprintf(err, errlen, "--sprt: elo0 must be below elo1"), -1;
    if (!(t->alpha > 0 && t->alpha < 0.5 && t->beta > 0 && t->beta < 0.5))
        return snprintf(err, errlen, "--sprt: alpha and beta must lie in (0, 0.5)"), -1;
    return 0;
}

int sp_counts_parse(const char *text, sp_counts *k, char *err, size_t errlen)
{
    memset(k, 0, sizeof *k);
    const char *s = text;
    for (;;) {
        if (k->n == 5) return snprintf(err, errlen, "'%s': more than five counts", text), -1;
        char *end;
        if (*s < '0' || *s > '9') return snprintf(err, errlen, "'%s': counts are whole numbers >= 0", text), -1;
        unsigned long long v = strtoull(s, &end, 10);
        k->c[k->n++] = (double)v;
        s = end;
        if (!*s) break;
        if (*s != ',') return snprintf(err, errlen, "'%s': counts are separated by commas", text), -1;
        s++;
    }
    if (k->n != 5 && k->n != 3)
        return snprintf(err, errlen, "'%s': give five pair counts LL,LD,DD+WL,WD,WW (or three: L,D,W)", text), -1;
    return 0;
}
