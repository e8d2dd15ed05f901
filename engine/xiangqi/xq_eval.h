/* xq_eval.h -- the static evaluation of a Xiangqi position for the search. */
#ifndef BOYI_XQ_EVAL_H
#define BOYI_XQ_EVAL_H

#include "xiangqi.h"

/* Hundredths of a pawn from the side to move's view (see evaluate.c for the terms). */
int xq_evaluate(const xq_pos *p);

#endif
