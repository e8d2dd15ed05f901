/* selfplay_mpi.c -- `mpirun -np N boyi selfplay ...`: one batch over many processes
 * with Open MPI (built only with -DBOYI_MPI=ON).
 *
 * Rank 0 owns the output folder and hands out game indices one at a time, on request,
 * so fast ranks take more games; every other rank plays the game it is given with the
 * same settings (each rank parsed the same command line) and sends back its journal
 * line with the request for the next.  Rank 0 feeds the lines to the same output code
 * as the threaded run (sp_out.c), which puts them in index order: the folder is
 * the one the single-process run writes. */
#include "selfplay_mpi.h"

#ifdef BOYI_MPI
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "sp_journal.h"

enum { TAG_LINE = 1, TAG_GAME = 2 };

bool bo_mpi_wanted(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE") || getenv("PMIX_RANK");
}

int bo_mpi_start(int *rank, int *size)
{
    int inited = 0;
    MPI_Initialized(&inited);
    if (!inited && MPI_Init(NULL, NULL) != MPI_SUCCESS) return -1;
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    return 0;
}

void bo_mpi_stop(void) { MPI_Finalize(); }

/* Rank 0: answer every request with the next wanted index, then with -1 once the
 * batch is done or stopped; each request carries a finished game's line (or nothing,
 * the first time). */
int bo_mpi_coordinate(const sp_batch *b, sp_out *out, int size, char *err, size_t errlen)
{
    long next = 0;
    int active = size - 1, rc = 0;
    bool stop = false;
    while (active > 0) {
        MPI_Status st;
        MPI_Probe(MPI_ANY_SOURCE, TAG_LINE, MPI_COMM_WORLD, &st);
        int len;
        MPI_Get_count(&st, MPI_CHAR, &len);
        char *line = malloc((size_t)len + 1);
        if (!line) { snprintf(err, errlen, "out of memory"); MPI_Abort(MPI_COMM_WORLD, 2); }
        MPI_Recv(line, len, MPI_CHAR, st.MPI_SOURCE, TAG_LINE, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        line[len] = 0;
        if (len > 0 && line[0] == '!') {   /* a rank could not play its game */
            if (rc == 0) snprintf(err, errlen, "rank %d: %s", st.MPI_SOURCE, line + 1);
            rc = -1;
            stop = true;
            free(line);
        } else if (len > 0) {
            int r = sp_out_add(out, line, (size_t)len, true, err, errlen);
            if (r < 0) { rc = -1; stop = true; }
            if (r > 0) stop = true;
        } else {
            free(line);
        }
        while (!stop && next < b->games && !sp_batch_wants(b, next)) next++;
        long give = !stop && next < b->games ? next++ : -1;
        MPI_Send(&give, 1, MPI_LONG, st.MPI_SOURCE, TAG_GAME, MPI_COMM_WORLD);
        if (give < 0) active--;
    }
    return rc;
}

/* Other ranks: ask, play, send the line back with the next request. */
int bo_mpi_play(const sp_batch *b, char *err, size_t errlen)
{
    sp_worker *w = sp_worker_new(b->game, &b->a, &b->b);
    if (!w) { snprintf(err, errlen, "out of memory"); return -1; }
    int me = 0;   /* the player ranks play at once: each rank's engines log to files of their own */
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    sp_worker_instance(w, me);
    sp_played p = {0};
    char *line = NULL;
    size_t len = 0;
    int rc = 0;
    for (;;) {
        MPI_Send(line ? line : "", (int)len, MPI_CHAR, 0, TAG_LINE, MPI_COMM_WORLD);
        free(line);
        line = NULL;
        len = 0;
        long i;
        MPI_Recv(&i, 1, MPI_LONG, 0, TAG_GAME, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (i < 0) break;
        const sp_opening *op = sp_batch_opening(b, i);
        char gerr[256];
        if (sp_play_game(w, b->rules, op, b->random_plies, &b->adj, i, sp_batch_opening_seed(b, i),
                         sp_game_seed(b->seed, i), &p, gerr, sizeof gerr) != 0 ||
            sp_journal_format(b->game, b->rules, &p, &line, &len, gerr, sizeof gerr) != 0) {
            size_t n = strlen(gerr) + 2;
            line = malloc(n);
            if (line) snprintf(line, n, "!%s", gerr);
            len = line ? n - 1 : 0;
            rc = -1;
        }
    }
    sp_played_free(&p);
    sp_worker_free(w);
    return rc;
}
#endif
