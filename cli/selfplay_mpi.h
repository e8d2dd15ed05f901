/* selfplay_mpi.h -- a self-play batch over MPI ranks (selfplay_mpi.c); compiled to
 * nothing without -DBOYI_MPI=ON. */
#ifndef BOYI_SELFPLAY_MPI_H
#define BOYI_SELFPLAY_MPI_H

#include <stdbool.h>
#include <stddef.h>

#include "sp_out.h"
#include "sp_batch.h"

#ifdef BOYI_MPI
/* Was the process started by mpirun? */
bool bo_mpi_wanted(void);
int bo_mpi_start(int *rank, int *size);
void bo_mpi_stop(void);
/* Rank 0: hand out the batch's games and write their lines through OUT. */
int bo_mpi_coordinate(const sp_batch *b, sp_out *out, int size, char *err, size_t errlen);
/* Ranks 1..: play the games rank 0 hands out. */
int bo_mpi_play(const sp_batch *b, char *err, size_t errlen);
#endif

#endif
