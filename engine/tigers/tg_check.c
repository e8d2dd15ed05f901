/* tg_check.c -- Two Tigers: the solved table checked on positions reachable from a
 * start, found by seeded random games (`boyi solve --game tigers --table=FILE
 * --check-sample N`).
 *
 * Rule: every position reachable from the start by legal play must be in the table
 * (its number of dogs among the table's layers) with a value that is a value (2 bits:
 * draw, win or loss; 3 is none), and that value must be the one the rules give from
 * its successors' values: won when a move reaches a position lost for the opponent
 * (or the capture that brings the dogs down to the win layer), lost when every move
 * reaches a position won for the opponent or there is no move, drawn otherwise.
 *
 * Method: random legal games from the start, each from a seed of its own
 * (bo_mix64(seed ^ game)), played under RULES.md 8's endings (the win layer reached,
 * the side to move without a move, the 100th ply without a capture, a position's
 * third occurrence); every position of every game is looked up, and so is each of its
 * successors, through a read-only map of the table.  Thread K of T plays the games
 * K, K + T, K + 2T, ... until it has visited its share of the positions, so a run is
 * a function of (N, seed, threads).  With a cap on the dogs (a table whose upper
 * layers are not solved yet), the positions above it are played through unchecked:
 * the games still start at the start, so what is checked is still reachable.  The whole reachable set (63.1 billion positions)
 * is out of reach of a run; a sample is what this checks. */
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core.h"
#include "tg_index.h"
#include "tg_solve.h"

int tg_view_map(tg_view *t, char *err, size_t errlen)
{
    struct stat st;
    if (fstat(t->fd, &st) != 0) return bo_fail(err, errlen, "cannot read the table's size");
    void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, t->fd, 0);
    if (m == MAP_FAILED) return bo_fail(err, errlen, "cannot map the table (%zu bytes)", (size_t)st.st_size);
    t->map = m;
    t->map_len = (size_t)st.st_size;
    return 0;
}

void tg_view_unmap(tg_view *t)
{
    if (t->map) munmap((void *)t->map, t->map_len);
    t->map = NULL;
    t->map_len = 0;
}

static int dogs_on(const tg_pos *p)
{
    int n = 0;
    for (int q = 0; q < TG_POINTS; q++) n += p->dogs[q];
    return n;
}

/* The 2-bit code of P (0..3) from the map, or -1 outside the table's layers.  Kept
 * apart from tg_view_value so that a code 3 (no value) is seen, not read as a draw. */
static int code_of(const tg_view *t, const tg_pos *p, int d)
{
    if (d <= t->win || d > t->top) return -1;
    uint64_t i = tg_index_rank(t->x, p);
    uint64_t at = t->offset[d] + (p->side ? (t->x->size[d] + 3) / 4 : 0) + i / 4;
    if (at >= t->map_len) return -1;
    return t->map[at] >> ((i & 3) * 2) & 3;
}

typedef struct job {
    const tg_view *t;
    const tg_sample_opts *o;
    int k, threads;
    uint64_t quota;
    atomic_int *stop;
    double deadline;
    tg_sample_report r;   /* this thread's tallies */
} job;

/* One fault: counted, and the first few kept as text for the report. */
static void fault(tg_sample_report *r, const tg_pos *p, const char *what, int code, int want)
{
    if (r->faults < TG_SAMPLE_SHOWN) {
        char txt[96];
        tg_pos q = *p;
        q.hash = tg_hash_scratch(&q);
        tg_to_text(&q, txt, sizeof txt);
        snprintf(r->shown[r->faults], sizeof r->shown[0], "%s: %s (table %d, rules %d)", txt, what, code, want);
    }
    r->faults++;
}

/* Looks P (D dogs) up and checks it against its successors; its legal moves into
 * MOVES (the count returned).  The captured count is cleared first: tg_legal stops at
 * six taken, while the table's win layer says here when the game ends. */
static int check_position(job *j, const tg_pos *p, int d, uint32_t *moves)
{
    tg_sample_report *r = &j->r;
    tg_pos g = *p;
    g.captured = 0;
    int n = tg_legal(&g, moves);
    int code = code_of(j->t, &g, d);
    r->positions++;
    r->lookups++;
    if (code < 0) { r->outside++; fault(r, p, "not in the table", -1, -1); return n; }
    if (code == 3) { r->no_value++; fault(r, p, "no value (code 3)", 3, -1); return n; }
    int any_loss = 0, all_win = 1;
    for (int i = 0; i < n; i++) {
        tg_pos q = g;
        tg_undo u;
        tg_play(&q, moves[i], &u);
        int e = dogs_on(&q);
        int c = e <= j->t->win ? TG_V_LOSS : code_of(j->t, &q, e);
        r->lookups += e > j->t->win;
        if (c < 0 || c == 3) {
            r->successor_faults++;
            fault(r, &q, c < 0 ? "a successor not in the table" : "a successor without a value", c, -1);
            all_win = 0;   /* what the rules give is unknown: only the fault is counted */
            continue;
        }
        any_loss |= c == TG_V_LOSS;
        all_win &= c == TG_V_WIN;
    }
    int want = any_loss ? TG_V_WIN : all_win ? TG_V_LOSS : TG_V_DRAW;
    r->by_value[d][p->side][code]++;
    if (code != want) { r->inconsistent++; fault(r, p, "value against its successors'", code, want); }
    if (j->o->visit) j->o->visit(j->o->ctx, p, code);
    return n;
}

/* One random game from the start (the game's own seed); the positions it visits are
 * checked, its ending tallied. */
static void play_game(job *j, uint64_t game)
{
    const tg_view *t = j->t;
    uint64_t rng = bo_mix64(j->o->seed ^ bo_mix64(game + 1));
    tg_pos p = *j->o->start;
    p.hash = tg_hash_scratch(&p);
    uint64_t seen[TG_QUIET_LIMIT + 2];   /* the hashes since the last capture */
    int nseen = 0;
    uint32_t moves[TG_MAX_MOVES];
    for (;;) {
        int d = dogs_on(&p);
        if (d <= t->win) { j->r.ends[TG_SAMPLE_END_WIN]++; break; }
        int n;
        if (j->o->max_dogs > 0 && d > j->o->max_dogs) {   /* above the layers asked for: played, not checked */
            tg_pos g = p;
            g.captured = 0;
            n = tg_legal(&g, moves);
            j->r.above++;
        } else {
            n = check_position(j, &p, d, moves);
        }
        if (n == 0) { j->r.ends[TG_SAMPLE_END_NO_MOVE]++; break; }
        int reps = 1;
        for (int i = 0; i < nseen; i++) reps += seen[i] == p.hash;
        if (reps >= 3) { j->r.ends[TG_SAMPLE_END_REPETITION]++; break; }
        if (p.quiet >= TG_QUIET_LIMIT) { j->r.ends[TG_SAMPLE_END_QUIET]++; break; }
        if (nseen < TG_QUIET_LIMIT + 2) seen[nseen++] = p.hash;
        tg_pos g = p;
        g.captured = 0;
        tg_undo u;
        tg_play(&g, moves[bo_splitmix64(&rng) % (uint64_t)n], &u);
        g.captured = (uint8_t)(TG_DOGS - dogs_on(&g));
        if (dogs_on(&g) < d) nseen = 0;   /* a capture: nothing before it comes back */
        p = g;
        j->r.plies++;
    }
    j->r.games++;
}

static void *run_job(void *arg)
{
    job *j = arg;
    for (uint64_t game = (uint64_t)j->k; j->r.positions < j->quota; game += (uint64_t)j->threads) {
        if (atomic_load(j->stop)) break;
        if (j->deadline > 0 && (j->r.games & 15) == 0 && bo_now_seconds() > j->deadline) {
            atomic_store(j->stop, 1);
            j->r.stopped_time = 1;
            break;
        }
        play_game(j, game);
    }
    return NULL;
}

int tg_sample_check(const tg_view *t, const tg_sample_opts *o, tg_sample_report *rep, char *err, size_t errlen)
{
    memset(rep, 0, sizeof *rep);
    if (!t->map) return bo_fail(err, errlen, "the table is not mapped (tg_view_map)");
    int d0 = dogs_on(o->start);
    if (o->start->tiger[0] >= o->start->tiger[1] || o->start->tiger[1] >= TG_POINTS)
        return bo_fail(err, errlen, "the start: two tigers on two different points are needed");
    if (d0 <= t->win || (d0 > t->top && !(o->max_dogs > 0 && o->max_dogs <= t->top)))
        return bo_fail(err, errlen, "the start has %d dogs on the board; the table holds the positions with %d..%d", d0,
                       t->win + 1, t->top);
    int threads = o->threads > 0 ? o->threads : 1;
    if (threads > 64) threads = 64;
    if (o->visit) threads = 1;   /* the hook is called from one thread */
    job *jobs = calloc((size_t)threads, sizeof *jobs);
    if (!jobs) return bo_fail(err, errlen, "out of memory");
    atomic_int stop;
    atomic_init(&stop, 0);
    double t0 = bo_now_seconds(), c0 = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
    pthread_t tid[64];
    bool started[64] = {false};
    for (int k = 0; k < threads; k++) {
        jobs[k] = (job){.t = t, .o = o, .k = k, .threads = threads, .stop = &stop,
                        .quota = o->positions / (uint64_t)threads + ((uint64_t)k < o->positions % (uint64_t)threads),
                        .deadline = o->seconds > 0 ? t0 + o->seconds : 0};
        started[k] = k > 0 && pthread_create(&tid[k], NULL, run_job, &jobs[k]) == 0;
        if (k > 0 && !started[k]) run_job(&jobs[k]);   /* no thread: the share is run here */
    }
    run_job(&jobs[0]);
    for (int k = 1; k < threads; k++)
        if (started[k]) pthread_join(tid[k], NULL);
    for (int k = 0; k < threads; k++) {   /* the tallies summed, the shown faults in thread order */
        const tg_sample_report *r = &jobs[k].r;
        for (uint64_t f = 0; f < r->faults && f < TG_SAMPLE_SHOWN && rep->faults + f < TG_SAMPLE_SHOWN; f++)
            memcpy(rep->shown[rep->faults + f], r->shown[f], sizeof rep->shown[0]);
        rep->positions += r->positions;
        rep->above += r->above;
        rep->lookups += r->lookups;
        rep->games += r->games;
        rep->plies += r->plies;
        rep->outside += r->outside;
        rep->no_value += r->no_value;
        rep->successor_faults += r->successor_faults;
        rep->inconsistent += r->inconsistent;
        rep->faults += r->faults;
        rep->stopped_time |= r->stopped_time;
        for (int e = 0; e < TG_SAMPLE_ENDS; e++) rep->ends[e] += r->ends[e];
        for (int d = 0; d <= TG_DOGS; d++)
            for (int s = 0; s < 2; s++)
                for (int v = 0; v < 4; v++) rep->by_value[d][s][v] += r->by_value[d][s][v];
    }
    rep->threads = threads;
    rep->seconds = bo_now_seconds() - t0;
    rep->cpu_seconds = bo_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - c0;
    free(jobs);
    return 0;
}
